// Live-data words (issue 10): statuses the live service sends beyond the designed sets, and
// addresses registered for any asset.
export default {
  ko: {
    'acc.st.canceling': '취소 중',
    'fid.anyAsset': '모든 자산',
    'fid.anyAssetHint': '이 네트워크의 모든 자산에 사용할 수 있는 주소',
  },
  en: {
    'acc.st.canceling': 'Canceling',
    'fid.anyAsset': 'Any asset',
    'fid.anyAssetHint': 'Address valid for every asset on this network',
  },
};
