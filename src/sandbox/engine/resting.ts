/** A resting order as the book hands it out, and the side it rests on (shared by book.ts and matchPlan.ts). */

export type BookSide = 'buy' | 'sell';

export interface RestingOrder {
  id: number;
  userId: number;
  accountSeq: number;
  side: BookSide;
  /** Scaled integer price. */
  price: number;
  /** Remaining quantity in smallest units. */
  remaining: number;
}
