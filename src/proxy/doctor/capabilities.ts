// What a dashboard user can do with each permission, for the doctor's permissions line (the
// permission list itself: core/permissions.ts).
import { PERMISSIONS, type Permission } from '../../core/permissions.js';
import { type Text, t } from './types.js';

const CAN: Readonly<Record<Permission, Text>> = {
  readBalances: t('잔고 보기', 'see balances'),
  readOrders: t('주문·체결 보기', 'see orders and fills'),
  writeOrders: t('주문·취소', 'place and cancel orders'),
  readDeposits: t('입금 내역', 'see deposits'),
  writeDeposits: t('입금 주소 생성', 'create deposit addresses'),
  readWithdrawals: t('출금 내역', 'see withdrawals'),
  writeWithdrawals: t('출금', 'withdraw'),
  readTransfers: t('이체 내역', 'see transfers'),
  writeTransfers: t('계좌 간 이체', 'transfer between accounts'),
};

export const CAPABILITIES: { permission: Permission; ko: string; en: string }[] = PERMISSIONS.map(
  (permission) => ({ permission, ...CAN[permission] }),
);
