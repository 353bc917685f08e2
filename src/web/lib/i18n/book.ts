// Order-book status note (issue 11/12): short text in the book's title bar, the full sentence as its tooltip.
export default {
  ko: {
    'book.note.waiting': '불러오는 중',
    'book.note.stale': '재연결 중',
  },
  en: {
    'book.note.waiting': 'Loading',
    'book.note.stale': 'Reconnecting',
  },
};
