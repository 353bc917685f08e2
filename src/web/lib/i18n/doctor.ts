import type { AreaDict } from './index.js';

const dict: AreaDict = {
  ko: {
    'doctor.title': '연결 점검',
    'doctor.run': '다시 점검',
    'doctor.running': '점검 중…',
    'doctor.noProfile': '키 없음',
    'doctor.checkedAt': '{time} 점검',
    'doctor.summary.ok': '모두 정상',
    'doctor.summary.warn': '경고가 있습니다',
    'doctor.summary.problem': '문제가 있습니다',
    'doctor.status.ok': '정상',
    'doctor.status.warn': '경고',
    'doctor.status.problem': '문제',
    'doctor.keyCan': '이 키로 할 수 있는 일: {list}',
    'doctor.keyAccounts': '허용 계좌: {list}',
  },
  en: {
    'doctor.title': 'Connection doctor',
    'doctor.run': 'Check again',
    'doctor.running': 'Checking…',
    'doctor.noProfile': 'no key',
    'doctor.checkedAt': 'checked {time}',
    'doctor.summary.ok': 'All good',
    'doctor.summary.warn': 'Warnings',
    'doctor.summary.problem': 'Problems found',
    'doctor.status.ok': 'ok',
    'doctor.status.warn': 'warning',
    'doctor.status.problem': 'problem',
    'doctor.keyCan': 'This key can: {list}',
    'doctor.keyAccounts': 'Allowed accounts: {list}',
  },
};
export default dict;
