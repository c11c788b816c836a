import * as contract from '@candy/contract/calls/comments';
import { expect, it } from 'vitest';
import { commentCountsMaxIds, commentMaxLength, guestNameMaxLength } from './limits.ts';

it('matches the contract', () => {
  expect({ commentMaxLength, guestNameMaxLength, commentCountsMaxIds }).toEqual({
    commentMaxLength: contract.commentMaxLength,
    guestNameMaxLength: contract.guestNameMaxLength,
    commentCountsMaxIds: contract.commentCountsMaxIds,
  });
});
