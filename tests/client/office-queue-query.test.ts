import { describe, expect, it } from 'vitest';
import { QUEUE_PAGE_SIZE, queueParams, queueQueryOf, queueRequest } from '../../src/client/studio/office/queue-query';

// The work queue's query lives in the page's address (issue 33, item 1): what an address asks for,
// the address a query makes, and the list_applications body it sends.

describe('the work queue’s query in the address', () => {
  it('reads stage, type, overdue, search and page, and makes the same address again', () => {
    const params = new URLSearchParams('stage=under_review&type=repair&overdue=1&q=%2B255+777+310+101&page=3');
    const query = queueQueryOf(params);
    expect(query).toEqual({ stage: 'under_review', type: 'repair', overdue: true, q: '+255 777 310 101', page: 3 });
    expect(queueParams(query).toString()).toBe(params.toString());
  });

  it('leaves out what an address cannot mean, so an old or mistyped link still opens the queue', () => {
    expect(queueQueryOf(new URLSearchParams('stage=drafts&type=castle&overdue=yes&page=-2'))).toEqual({
      overdue: false,
      q: '',
      page: 1,
    });
    expect(queueQueryOf(new URLSearchParams(`page=1.5&q=${'x'.repeat(150)}`))).toMatchObject({ page: 1 });
    expect(queueQueryOf(new URLSearchParams(`q=${'x'.repeat(150)}`)).q).toHaveLength(100);
  });

  it('asks for pages of 25; "overdue changes" is the returned stage, overdue', () => {
    expect(queueRequest(queueQueryOf(new URLSearchParams('')))).toEqual({ page: 1, page_size: QUEUE_PAGE_SIZE });
    expect(QUEUE_PAGE_SIZE).toBe(25);
    expect(queueRequest(queueQueryOf(new URLSearchParams('stage=overdue_changes&q=+Asha+')))).toEqual({
      status: 'returned',
      overdue: true,
      search: 'Asha',
      page: 1,
      page_size: 25,
    });
    expect(queueRequest(queueQueryOf(new URLSearchParams('stage=approved&type=new&overdue=1&page=2')))).toEqual({
      status: 'approved',
      application_type: 'new',
      overdue: true,
      page: 2,
      page_size: 25,
    });
  });
});
