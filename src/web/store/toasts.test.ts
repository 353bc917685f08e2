import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../core/errors.js';
import { pushErrorToast, useToasts } from './toasts.js';

afterEach(() => useToasts.setState({ toasts: [] }));

describe('pushErrorToast', () => {
  it("shows an ApiError's description and code", () => {
    pushErrorToast(
      'Failed',
      new ApiError({ status: 409, code: 'CONDITIONAL_NOT_CANCELABLE', description: 'it is triggered' }),
    );
    expect(useToasts.getState().toasts.at(-1)).toMatchObject({
      tone: 'error',
      title: 'Failed',
      body: 'it is triggered',
      code: 'CONDITIONAL_NOT_CANCELABLE',
    });
  });

  it('shows any other error as text, without a code', () => {
    pushErrorToast('Failed', new Error('offline'));
    const t = useToasts.getState().toasts.at(-1);
    expect(t).toMatchObject({ tone: 'error', title: 'Failed', body: 'Error: offline' });
    expect(t?.code).toBeUndefined();
  });
});
