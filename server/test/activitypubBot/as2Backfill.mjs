// Preloaded (`node --import`) into the activitypub-bot process of the federation test, before the
// bot's own modules. The bot (0.51.2) asks for activitystrea.ms ^4.0.0; the npm registry these
// machines reach has 3.1.0 at most, so package.json holds it there (`overrides`) and this file brings
// back what the bot relies on from the later releases, as upstream's changelog and code have it:
// - `as2.registerContext(url, context)` (3.2.0): a context document served from memory, not the
//   network (upstream: `Loader.defaultInstance.register(url, context)`);
// - `export({ useOriginalContext: true })` compacting with the object's own `@context` (fixed in
//   3.2.0: 3.1.0 reads a property that does not exist and always compacts with the Activity Streams
//   context alone, so the bot's actor would show `https://w3id.org/security#publicKey` instead of
//   `publicKey`), its documents loaded through the loader registerContext fills (also 3.2.0);
// - `object.isActivity()` (3.3.0): one of the Activity Streams activity types, or an object with
//   an activity's properties (actor, object, target, result, origin, instrument).
// Dates stay moment objects (4.0 made them Dates); the bot reads none. Nothing of the bot itself is
// changed. With activitystrea.ms other than 3.1.x this file does nothing. See docs/decisions.md
// (issue 29, "Test peer").
import { createRequire } from 'node:module';

// Resolved as the bot's bin script (process.argv[1]) resolves it: the same module instances.
const require = createRequire(process.argv[1] ?? import.meta.url);
const { version } = require('activitystrea.ms/package.json');

if (version.startsWith('3.1.')) {
  const as2 = require('activitystrea.ms');
  const Loader = require('activitystrea.ms/src/contextloader');
  const Environment = require('activitystrea.ms/src/environment');
  const Base = require('activitystrea.ms/src/models/_base');
  // activitystrea.ms's own dependencies, as it resolves them.
  const requireOfAs2 = createRequire(require.resolve('activitystrea.ms'));
  const as = requireOfAs2('vocabs-as');
  const jsonld = requireOfAs2('jsonld')();

  // Defined as class members are (not enumerable): the bot walks objects' properties with for…in.
  /** @param {object} target @param {string} name @param {Function} value */
  const define = (target, name, value) =>
    Object.defineProperty(target, name, { value, writable: true, configurable: true, enumerable: false });

  /** @param {string} url @param {object} context */
  define(as2, 'registerContext', (url, context) => {
    Loader.defaultInstance.register(url, context);
  });

  const exportAs = Base.prototype.export;
  /** @param {{ useOriginalContext?: boolean, handler?: Function }} [options] */
  define(Base.prototype, 'export', function exportWithOriginalContext(options = {}) {
    const origContext = this[Environment.environment]?.originalContext;
    if (!options.useOriginalContext || !origContext || options.handler) return exportAs.call(this, options);
    return exportAs.call(this, {
      ...options,
      /** @param {object} expanded */
      handler: (expanded) =>
        jsonld.compact(
          expanded,
          { '@context': origContext },
          { documentLoader: Loader.defaultInstance.makeDocLoader() },
        ),
    });
  });

  const activityTypes = [
    'Activity',
    'IntransitiveActivity',
    'Accept',
    'Add',
    'Announce',
    'Arrive',
    'Block',
    'Create',
    'Delete',
    'Dislike',
    'Flag',
    'Follow',
    'Ignore',
    'Invite',
    'Join',
    'Leave',
    'Like',
    'Listen',
    'Move',
    'Offer',
    'Question',
    'Reject',
    'Read',
    'Remove',
    'TentativeReject',
    'TentativeAccept',
    'Travel',
    'Undo',
    'Update',
    'View',
  ].map((name) => as[name]);
  const activityProps = ['actor', 'object', 'target', 'result', 'origin', 'instrument'];
  define(Base.prototype, 'isActivity', function isActivity() {
    const types = [this.type ?? []].flat();
    if (types.some((type) => activityTypes.includes(type))) return true;
    return activityProps.some((prop) => this.has(prop));
  });
}
