/* plugboard/routing.h — host extension: route by URL and by composed transition (ABI 1.4).
 *
 * Seed 004 (the Navigator): a screen opens a URL of the app's scheme, or composes a transition
 * of several route changes — push, a new root, present, dismiss, pop, a URL — each animated or
 * not, and starts it now or queues it behind the running ones; a completion callback hears how
 * it ended. Everything else is the host's, as for every request: a URL is diffed against the
 * state URL exactly as the shell's `open` does, each change runs the lifecycle, the bars and the
 * screen cache, and the steps of one transition never cut each other short (a step that moves a
 * screen holds the next until the movement has ended). Route keys are the app's: rivers.json
 * screen ids, the settings' routes, and `menu` for the side menu (docs/deep-links.md). */
#ifndef PLUGBOARD_ROUTING_H
#define PLUGBOARD_ROUTING_H

#include "host.h"

PB_EXTERN_C_BEGIN

/* Offered to screen and root instances (NULL for bars, and from a host of ABI 1.3 or older:
 * check before use). */
#define PB_HOST_EXT_ROUTING "plugboard.host.routing"

/* One route change of a transition. */
typedef int32_t pb_route_op_t;
enum {
    PB_ROUTE_PUSH = 1,     /* push the route `key` onto the root stack, with `data` */
    PB_ROUTE_ROOT = 2,     /* make the route `key` the root stack's only screen, with `data` */
    PB_ROUTE_PRESENT = 3,  /* show the visibility route `key`: present its screen, or open `menu` */
    PB_ROUTE_DISMISS = 4,  /* hide the visibility route `key`: dismiss its screen, or close `menu` */
    PB_ROUTE_POP = 5,      /* pop `count` screens off the root stack (never its root) */
    PB_ROUTE_OPEN_URL = 6, /* go to the state the URL `key` names (diffed when the step runs) */
};

typedef struct pb_route_step {
    pb_route_op_t op;
    /* UTF-8: the route key, or the URL of PB_ROUTE_OPEN_URL; ignored (may be NULL) for
     * PB_ROUTE_POP. */
    const char *key;
    /* UTF-8: the route data of PB_ROUTE_PUSH and PB_ROUTE_ROOT (a URL component's `::DATA`);
     * NULL for none; ignored otherwise. */
    const char *data;
    /* PB_ROUTE_POP: how many screens, at least 1; ignored otherwise. */
    int32_t count;
    /* false: the step takes no time, whatever its route or screen asks (its lifecycle runs whole
     * at once); true: the route's, the screen's or the default transition. */
    bool animated;
} pb_route_step_t;

/* When a transition runs. */
typedef int32_t pb_route_when_t;
enum {
    PB_ROUTE_START = 0,   /* now; refused while another change runs (a movement under way, or a
                           * lifecycle event this call is made from) */
    PB_ROUTE_ENQUEUE = 1, /* once the running and queued transitions have ended (now if none) */
};

/* How a transition ended. */
typedef int32_t pb_route_outcome_t;
enum {
    PB_ROUTE_RAN = 0,       /* every step ran and every movement ended */
    PB_ROUTE_FAILED = 1,    /* a step could not run (`reason` says which and why); the steps
                             * before it ran, those after it did not */
    PB_ROUTE_CANCELLED = 2, /* it had not finished when the app shut down; the steps left did
                             * not run */
};

/* Called once per accepted transition, on the main thread, when it has ended: possibly before
 * the call that started it returns (nothing moves on the host's instant clock). Never called
 * once the instance that made the call has been destroyed.
 *   context: the caller's, as given.
 *   reason:  UTF-8, NULL for PB_ROUTE_RAN; the host's, valid during the call only.
 * [main-thread] */
typedef void (*pb_route_completion_t)(void *context, pb_route_outcome_t outcome, const char *reason);

typedef struct pb_host_routing {
    /* Goes to the state the URL `url` names (UTF-8, the caller's, read during the call): the
     * same diff the shell's `open` runs. `animated` false: no part of it takes time.
     * `completion` may be NULL. Returns false, logs why under the plugin's name and never calls
     * `completion`, when the URL is malformed, not of the app's scheme, names an unknown route
     * or a state the app cannot be in, or another change runs; nothing changes then.
     * [main-thread] */
    bool (*open_url)(const pb_host_t *host, const char *url, bool animated, pb_route_completion_t completion,
                     void *context);

    /* Runs `count` steps (1 to 256; the array and its strings are the caller's, read during
     * the call: the host copies what it keeps) in order as one transition, now or queued as
     * `when` says. `object_json`, a JSON object as UTF-8 text or NULL, is handed with its data
     * to the last screen a step pushes or makes root (plugboard/ext/attributes.h).
     * `completion` may be NULL. Returns false, logs why and never calls `completion` when a
     * step is malformed (an unknown op, a NULL key, a count below 1, `object_json` not a JSON
     * object), when PB_ROUTE_START finds another change running, or when the first steps,
     * run now, fail (what they changed stays). Otherwise returns true, and `completion` hears
     * how it ended, including a later step's failure. [main-thread] */
    bool (*run_transition)(const pb_host_t *host, const pb_route_step_t *steps, size_t count, pb_route_when_t when,
                           const char *object_json, pb_route_completion_t completion, void *context);
} pb_host_routing_t;

PB_EXTERN_C_END

#endif /* PLUGBOARD_ROUTING_H */
