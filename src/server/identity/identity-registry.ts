import type { ZanidPerson } from '../../shared/api/identity';

/** A person as the ZanID registry knows them: what prefills the personal step (verify_zanid's answer). */
export type IdentityRecord = ZanidPerson;

/** The identity registry (ZanID). undefined: no such person. Throws when the registry cannot answer. */
export interface IdentityRegistry {
  lookup(zanId: string): Promise<IdentityRecord | undefined>;
}

export class RegistryUnavailableError extends Error {}

/** The default registry: fictional people only, for demonstrations and tests (their IDs are in the README). */
export class DemoIdentityRegistry implements IdentityRegistry {
  static readonly PEOPLE: IdentityRecord[] = [
    {
      zan_id: '190012345',
      first_name: 'Amina',
      middle_name: 'Khamis',
      last_name: 'Makame',
      date_of_birth: '1985-03-14',
      sex: 'F',
    },
    {
      zan_id: '190023456',
      first_name: 'Juma',
      middle_name: 'Ali',
      last_name: 'Haji',
      date_of_birth: '1978-11-02',
      sex: 'M',
    },
    {
      zan_id: '190034567',
      first_name: 'Mwanaisha',
      middle_name: 'Said',
      last_name: 'Omar',
      date_of_birth: '1992-07-21',
      sex: 'F',
    },
    {
      zan_id: '190045678',
      first_name: 'Salim',
      middle_name: 'Abdalla',
      last_name: 'Mzee',
      date_of_birth: '1969-01-30',
      sex: 'M',
    },
    {
      zan_id: '190056789',
      first_name: 'Fatma',
      middle_name: 'Hamad',
      last_name: 'Suleiman',
      date_of_birth: '2000-09-05',
      sex: 'F',
    },
    {
      zan_id: '190067890',
      first_name: 'Othman',
      middle_name: 'Mussa',
      last_name: 'Vuai',
      date_of_birth: '1988-12-12',
      sex: 'M',
    },
  ];

  async lookup(zanId: string): Promise<IdentityRecord | undefined> {
    return DemoIdentityRegistry.PEOPLE.find((p) => p.zan_id === zanId);
  }
}

/**
 * The real registry over HTTP: POST <url> with {"zan_id"} answers 200 with the person, or 404.
 * Anything else, or no answer within the timeout, is "unavailable", never "not found".
 */
export class HttpIdentityRegistry implements IdentityRegistry {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly timeoutMs = 5000,
  ) {}

  async lookup(zanId: string): Promise<IdentityRecord | undefined> {
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        body: JSON.stringify({ zan_id: zanId }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new RegistryUnavailableError('the identity registry did not answer');
    }
    if (response.status === 404) return undefined;
    if (!response.ok) throw new RegistryUnavailableError(`the identity registry answered ${response.status}`);
    const person = (await response.json().catch(() => undefined)) as Partial<IdentityRecord> | undefined;
    if (
      !person ||
      person.zan_id !== zanId ||
      typeof person.first_name !== 'string' ||
      typeof person.last_name !== 'string'
    ) {
      throw new RegistryUnavailableError('the identity registry answered something unreadable');
    }
    return {
      zan_id: zanId,
      first_name: person.first_name,
      middle_name: typeof person.middle_name === 'string' ? person.middle_name : '',
      last_name: person.last_name,
      date_of_birth: typeof person.date_of_birth === 'string' ? person.date_of_birth : '',
      sex: person.sex === 'F' || person.sex === 'M' ? person.sex : 'F',
    };
  }
}
