import * as contract from '@candy/contract/calls/comments';
import { expect, it } from 'vitest';
import { commentMaxLength, guestNameMaxLength } from './limits.ts';

it('matches the contract', () => {
  expect({ commentMaxLength, guestNameMaxLength }).toEqual({
    commentMaxLength: contract.commentMaxLength,
    guestNameMaxLength: contract.guestNameMaxLength,
  });
});
