import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { AssertionCredential, RegistrationCredential } from '@candy/contract/calls/security';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string): Buffer => createHash('sha256').update(bytes).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

/**
 * A passkey authenticator in software for server tests: an ES256 key making real attestations
 * ("none" format) and assertions, byte for byte what a browser hands `@simplewebauthn/browser`.
 * Its signature counter is public so a test can rewind it (a cloned authenticator).
 */
export const createSoftAuthenticator = (origin: string) => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  const rpId = new URL(origin).hostname;
  const state = { counter: 0 };

  const authData = (flags: number, attested?: Uint8Array): Buffer => {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(state.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter, attested ?? Buffer.alloc(0)]);
  };

  const clientData = (type: string, challenge: string): Buffer =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    state,
    id: b64url(credentialId),

    register(challenge: string): RegistrationCredential {
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
          [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
        ]),
      );
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), length, credentialId, Buffer.from(cose)]);
      const attestation = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', new Uint8Array(authData(FLAG_UP | FLAG_UV | FLAG_AT, attested))],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', challenge)),
          attestationObject: b64url(attestation),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },

    /** Signs an assertion for `challenge`, moving the counter forward first as authenticators do. */
    assert(challenge: string): AssertionCredential {
      state.counter += 1;
      const data = authData(FLAG_UP | FLAG_UV);
      const client = clientData('webauthn.get', challenge);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          userHandle: b64url(new TextEncoder().encode('candy-jar-owner')),
        },
        clientExtensionResults: {},
      };
    },
  };
};
