// The Web Push worker of before issue 46.3, kept at its old address: browsers that subscribed
// through it check it for updates and get the site's one service worker (/sw.js), with the push
// handlers and the offline caches. Their next visit registers /sw.js itself in the same scope,
// which keeps their push subscription (it belongs to the scope's registration, not the script).
importScripts('/sw.js');
