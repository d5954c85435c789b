import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { networkError, serverError } from '../test/trpc-mock';
import {
  fieldErrorsOf,
  httpStatusOf,
  isRefusal,
  SERVER_ERROR_TEXTS,
  serverErrorMessage,
} from './server-error';

const fallback = 'Failed to lock capsule';

describe('serverErrorMessage: one wording of a failed call everywhere', () => {
  it.each([400, 401, 403, 404, 409, 413, 429])("shows the server's own text for a %i refusal", (status) => {
    const error = serverError(status, '  The 10-day edit window for this capsule has closed. ');
    expect(serverErrorMessage(error, fallback)).toBe('The 10-day edit window for this capsule has closed.');
  });

  it.each([500, 502, 503])('shows the fallback for a %i: the server hides its own failures', (status) => {
    const error = serverError(
      status,
      'Something went wrong on our side. Please try again.',
      'INTERNAL_SERVER_ERROR',
    );
    expect(serverErrorMessage(error, fallback)).toBe(fallback);
  });

  it('shows the fallback when the request never got an answer', () => {
    expect(serverErrorMessage(networkError(), fallback)).toBe(fallback);
  });

  it('shows the fallback for a refusal without a text', () => {
    expect(serverErrorMessage(serverError(409, '   ', 'CONFLICT'), fallback)).toBe(fallback);
  });

  it("says 'Please try again.' when the spec words no fallback for the action", () => {
    expect(serverErrorMessage(networkError())).toBe(SERVER_ERROR_TEXTS.tryAgain);
    expect(SERVER_ERROR_TEXTS.tryAgain).toBe('Please try again.');
  });

  it('keeps a separate text for a failure that is not a call at all, when one is given', () => {
    expect(serverErrorMessage(new Error('boom'), fallback, { notACall: 'Unknown error' })).toBe(
      'Unknown error',
    );
    expect(serverErrorMessage('boom', fallback)).toBe(fallback);
    // A plain Error is never shown: its text was not written for the user.
    expect(serverErrorMessage(new Error('x is undefined'), fallback)).toBe(fallback);
  });
});

describe('the rest of a failed call', () => {
  it('reads the HTTP status only from a call that got an answer', () => {
    expect(httpStatusOf(serverError(409, 'No', 'CONFLICT'))).toBe(409);
    expect(httpStatusOf(networkError())).toBeNull();
    expect(httpStatusOf(new Error('x'))).toBeNull();
    expect(isRefusal(serverError(404, 'Not found', 'NOT_FOUND'))).toBe(true);
    expect(isRefusal(serverError(500, 'x', 'INTERNAL_SERVER_ERROR'))).toBe(false);
  });

  it("reads the server's per-field messages, ignoring anything that is not a text", () => {
    const error = TRPCClientError.from({
      error: {
        message: 'First name is required',
        code: -32600,
        data: {
          code: 'BAD_REQUEST',
          httpStatus: 400,
          path: '',
          fieldErrors: { firstName: 'First name is required', n: 1 },
        },
      },
    });
    expect(fieldErrorsOf(error)).toEqual({ firstName: 'First name is required' });
    expect(fieldErrorsOf(networkError())).toEqual({});
  });
});
