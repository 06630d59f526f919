/* plugboard/routes.h — host extension: the app's routes, changed while it runs (ABI 1.5).
 *
 * Seed 004's `updateRoutes:`: routes can be added, replaced and removed at any time. A route
 * maps a key to a rivers.json screen, as a stack route (a URL component: pushed, or the root), a
 * modal route (a visible parameter: the screen presented) or an animation route (a visible
 * parameter: the screen slid in as a drawer over the current one), with its own transition or
 * none. The app starts with every rivers.json screen id as a route, the routes of settings.json
 * and the built-in `menu` (docs/deep-links.md); these calls change that set, and every later
 * URL, composed transition (plugboard/routing.h) and state URL uses the new one.
 *
 * The state URL stays one the app can open: a screen whose own route was replaced is written
 * with another route to it; a screen no route names any more is left at once, without
 * animation (popped with what is above it, or dismissed), and the app records why (a `routes`
 * event naming the old and the new state URL). The home screen always keeps a stack route.
 *
 * A supervised app replays the changes in a restarted engine, so they last the whole session;
 * they are not written to settings.json. */
#ifndef PLUGBOARD_ROUTES_H
#define PLUGBOARD_ROUTES_H

#include "host.h"
#include "ext/transition.h"

PB_EXTERN_C_BEGIN

/* Offered to screen and root instances (NULL for bars, and from a host of ABI 1.4 or older:
 * check before use). */
#define PB_HOST_EXT_ROUTES "plugboard.host.routes"

typedef int32_t pb_route_kind_t;
enum {
    PB_ROUTE_KIND_STACK = 0,     /* a URL component: `app://home/KEY::data` pushes the screen */
    PB_ROUTE_KIND_MODAL = 1,     /* a visible parameter: `?KEY=v` presents the screen */
    PB_ROUTE_KIND_ANIMATION = 2, /* a visible parameter: `?KEY=v` slides the screen in as a drawer */
};

/* One route. */
typedef struct pb_route {
    /* UTF-8, not empty, not "menu" (the built-in side-menu route). */
    const char *key;
    /* UTF-8: the id of the rivers.json screen the route opens. In update_routes, NULL removes
     * the route `key`; in list_routes, NULL is the built-in `menu`. */
    const char *screen;
    pb_route_kind_t kind;
    /* True: the route's own transition, used whenever the route is pushed, shown or hidden
     * (over the screen's own and the host's defaults); false: none, `transition` is ignored. */
    bool has_transition;
    /* duration_ms 0 to 10000 (plugboard/ext/transition.h). */
    pb_transition_t transition;
} pb_route_t;

/* Called by list_routes once per route, in key order, on the main thread, during the call.
 * `route` and its strings are the host's, valid during this call only. update_routes is
 * refused from inside it. [main-thread] */
typedef void (*pb_route_visitor_t)(void *context, const pb_route_t *route);

typedef struct pb_host_routes {
    /* Adds or replaces (a `screen`) or removes (no `screen`) `count` routes (1 to 256), in
     * order, all or none: the array and its strings are the caller's, read during the call.
     * Returns false, changes nothing and logs why under the plugin's name when a key is NULL,
     * empty, not UTF-8 or "menu"; a screen names no screen of rivers.json; a kind is unknown; a
     * transition is out of range; a removed key is no route; the home screen would be left
     * without a stack route; or it is called from list_routes' visitor. Otherwise true: the
     * routes are changed before it returns, and when the state the app is in can no longer be
     * named, the screens no route names are left before it returns too (a calling screen may
     * get will_disappear and did_disappear during the call). [main-thread] */
    bool (*update_routes)(const pb_host_t *host, const pb_route_t *routes, size_t count);
    /* Calls `visit` (may be NULL: only counted) with every route, in key order, and returns
     * how many there are. [main-thread] */
    size_t (*list_routes)(const pb_host_t *host, pb_route_visitor_t visit, void *context);
} pb_host_routes_t;

PB_EXTERN_C_END

#endif /* PLUGBOARD_ROUTES_H */
