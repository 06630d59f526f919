/* TestRoutingC — a screen plugin in C that routes through plugboard.host.routing (ABI 1.4): each
 * of its buttons opens a URL or runs a composed transition, and every call's answer and every
 * completion is logged through the host, with whether the completion ran on the thread that
 * made the screen (the main thread), so the tests can assert order, thread and outcome:
 *   "<tag> accepted" | "<tag> refused"
 *   "completion <tag>: ran|failed|cancelled[: reason] (main thread|another thread)"
 * Its routes-* buttons change and list the app's routes through plugboard.host.routes (ABI 1.5):
 *   "route KEY -> SCREEN kind K[ MS ms]" per route listed, then "routes-list: N routes". */
#include <plugboard.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The tag of each button: its identifier and what its completion logs. */
static const char *const tags[] = {"route-url",        "route-compose",  "route-enqueue", "route-fail-later",
                                   "route-bad",        "route-unanimated", "routes-set",   "routes-list",
                                   "routes-remove-own", "routes-bad",     "routes-nested"};
enum { TAG_COUNT = sizeof tags / sizeof tags[0] };

struct router_state;

/* A button's tap context and its completions' context: the screen and the button's tag. */
typedef struct call {
    struct router_state *state;
    const char *tag;
} call_t;

typedef struct router_state {
    pb_screen_t screen;
    const pb_host_t *host;
    const pb_host_routing_t *routing;
    const pb_host_routes_t *routes; /* NULL from a host older than 1.5 */
    pthread_t main_thread;
    pb_view_t root;
    pb_view_t buttons[TAG_COUNT];
    call_t calls[TAG_COUNT];
} router_state_t;

static router_state_t *state_of(const pb_screen_t *screen) { return (router_state_t *)screen->plugin_data; }

static void completed(void *context, pb_route_outcome_t outcome, const char *reason) {
    call_t *call = (call_t *)context;
    const char *name = outcome == PB_ROUTE_RAN ? "ran" : outcome == PB_ROUTE_FAILED ? "failed" : "cancelled";
    const char *thread = pthread_equal(pthread_self(), call->state->main_thread) ? "main thread" : "another thread";
    char line[512];
    snprintf(line, sizeof line, "completion %s: %s%s%s (%s)", call->tag, name, reason ? ": " : "",
             reason ? reason : "", thread);
    call->state->host->log(call->state->host, PB_LOG_INFO, line);
}

static void answered(router_state_t *state, const char *tag, bool accepted) {
    char line[128];
    snprintf(line, sizeof line, "%s %s", tag, accepted ? "accepted" : "refused");
    state->host->log(state->host, PB_LOG_INFO, line);
}

/* list_routes' visitor: one log line per route. */
static void listed(void *context, const pb_route_t *route) {
    router_state_t *state = (router_state_t *)context;
    char line[512];
    char transition[64] = "";
    if (route->has_transition) snprintf(transition, sizeof transition, " %.0f ms", route->transition.duration_ms);
    snprintf(line, sizeof line, "route %s -> %s kind %d%s", route->key, route->screen ? route->screen : "(menu)",
             (int)route->kind, transition);
    state->host->log(state->host, PB_LOG_INFO, line);
}

/* A visitor that tries to change the routes while they are listed (refused). */
static void listed_and_changed(void *context, const pb_route_t *route) {
    router_state_t *state = (router_state_t *)context;
    const pb_route_t change = {"nested", "fine", PB_ROUTE_KIND_STACK, false, {0, 0, 0}};
    (void)route;
    answered(state, "nested update", state->routes->update_routes(state->host, &change, 1));
}

/* The routes-* buttons (plugboard.host.routes). */
static bool change_routes(router_state_t *state, const char *tag) {
    const pb_host_routes_t *r = state->routes;
    if (r == NULL) return false;
    if (strcmp(tag, "routes-set") == 0) {
        const pb_route_t routes[] = {
            {"shortcut", "fine", PB_ROUTE_KIND_STACK, true, {200, PB_CURVE_EASE_OUT, PB_FADE}},
            {"sheet", "more", PB_ROUTE_KIND_MODAL, false, {0, 0, 0}},
        };
        return r->update_routes(state->host, routes, 2);
    }
    if (strcmp(tag, "routes-list") == 0) {
        char line[64];
        size_t count = r->list_routes(state->host, listed, state);
        snprintf(line, sizeof line, "routes-list: %zu routes", count);
        state->host->log(state->host, PB_LOG_INFO, line);
        return count == r->list_routes(state->host, NULL, NULL);
    }
    if (strcmp(tag, "routes-remove-own") == 0) {
        /* The route of this very screen: the app leaves it during the call. */
        const pb_route_t route = {"router", NULL, PB_ROUTE_KIND_STACK, false, {0, 0, 0}};
        return r->update_routes(state->host, &route, 1);
    }
    if (strcmp(tag, "routes-bad") == 0) {
        const pb_route_t routes[] = {
            {"fine-too", "fine", PB_ROUTE_KIND_STACK, false, {0, 0, 0}},
            {"menu", "fine", PB_ROUTE_KIND_STACK, false, {0, 0, 0}},
        };
        return r->update_routes(state->host, routes, 2);
    }
    if (strcmp(tag, "routes-nested") == 0) {
        return r->list_routes(state->host, listed_and_changed, state) > 0;
    }
    return false;
}

static void on_tap(void *context, pb_view_t view) {
    call_t *call = (call_t *)context;
    router_state_t *state = call->state;
    const pb_host_routing_t *r = state->routing;
    bool accepted = false;
    (void)view;
    if (strcmp(call->tag, "route-url") == 0) {
        /* A deep link: the same diff as the shell's `open`. */
        accepted = r->open_url(state->host, "app://home/fine?more=v", true, completed, call);
    } else if (strcmp(call->tag, "route-compose") == 0) {
        const pb_route_step_t steps[] = {
            {PB_ROUTE_PUSH, "fine", NULL, 0, true},
            {PB_ROUTE_PRESENT, "more", NULL, 0, true},
        };
        accepted = r->run_transition(state->host, steps, 2, PB_ROUTE_START, "{\"from\":\"router\"}", completed, call);
    } else if (strcmp(call->tag, "route-enqueue") == 0) {
        const pb_route_step_t steps[] = {{PB_ROUTE_PUSH, "own", "7", 0, true}};
        accepted = r->run_transition(state->host, steps, 1, PB_ROUTE_ENQUEUE, NULL, completed, call);
    } else if (strcmp(call->tag, "route-fail-later") == 0) {
        const pb_route_step_t steps[] = {
            {PB_ROUTE_PUSH, "fine", NULL, 0, true},
            {PB_ROUTE_POP, NULL, NULL, 9, true},
            {PB_ROUTE_PUSH, "more", NULL, 0, true},
        };
        accepted = r->run_transition(state->host, steps, 3, PB_ROUTE_START, NULL, completed, call);
    } else if (strcmp(call->tag, "route-bad") == 0) {
        const pb_route_step_t steps[] = {{PB_ROUTE_POP, NULL, NULL, 0, true}};
        accepted = r->run_transition(state->host, steps, 1, PB_ROUTE_START, NULL, completed, call);
    } else if (strcmp(call->tag, "route-unanimated") == 0) {
        const pb_route_step_t steps[] = {
            {PB_ROUTE_PUSH, "fine", NULL, 0, false},
            {PB_ROUTE_PRESENT, "more", NULL, 0, false},
            {PB_ROUTE_DISMISS, "more", NULL, 0, false},
            {PB_ROUTE_POP, NULL, NULL, 1, false},
            {PB_ROUTE_ROOT, "own", NULL, 0, false},
            {PB_ROUTE_OPEN_URL, "app://home", NULL, 0, false},
        };
        accepted = r->run_transition(state->host, steps, 6, PB_ROUTE_START, NULL, completed, call);
    } else {
        accepted = change_routes(state, call->tag);
    }
    answered(state, call->tag, accepted);
}

static bool screen_init(const pb_screen_t *screen) {
    router_state_t *state = state_of(screen);
    const pb_view_api_t *v = state->host->views;
    double y = 16;
    state->main_thread = pthread_self(); /* init runs on the main thread */
    state->routing = (const pb_host_routing_t *)state->host->get_extension(state->host, PB_HOST_EXT_ROUTING);
    if (state->routing == NULL) return false;
    state->routes = (const pb_host_routes_t *)state->host->get_extension(state->host, PB_HOST_EXT_ROUTES);
    state->root = v->create(state->host, PB_VIEW_CONTAINER);
    if (!state->root) return false;
    for (int index = 0; index < TAG_COUNT; index++) {
        pb_view_t button = v->create(state->host, PB_VIEW_BUTTON);
        pb_rect_t frame = {16, y, 300, 40};
        if (!button) return false;
        state->buttons[index] = button;
        state->calls[index].state = state;
        state->calls[index].tag = tags[index];
        v->set_identifier(state->host, button, tags[index]);
        v->set_text(state->host, button, tags[index]);
        v->set_frame(state->host, button, frame);
        v->set_tap_action(state->host, button, on_tap, &state->calls[index]);
        v->add_child(state->host, state->root, button);
        y += 48;
    }
    return true;
}

static void screen_destroy(const pb_screen_t *screen) {
    router_state_t *state = state_of(screen);
    const pb_view_api_t *v = state->host->views;
    state->host->log(state->host, PB_LOG_INFO, "destroy");
    for (int index = 0; index < TAG_COUNT; index++) {
        if (state->buttons[index]) v->release(state->host, state->buttons[index]);
    }
    if (state->root) v->release(state->host, state->root);
    free(state);
}

static pb_view_t screen_view(const pb_screen_t *screen) { return state_of(screen)->root; }
static void screen_layout(const pb_screen_t *screen, double width, double height) {
    (void)screen;
    (void)width;
    (void)height;
}
static void lifecycle(const pb_screen_t *screen) { (void)screen; }

static const pb_plugin_descriptor_t descriptor = {
    PB_VERSION_INIT, "test.routing", "Router (C)", "Plugboard", "1.0.0",
    "Routes by URL and by composed transition, logging each completion", PB_PLUGIN_KIND_SCREEN,
    PB_PLUGIN_FLAG_SCREEN};

static uint32_t factory_count(const pb_screen_factory_t *factory) {
    (void)factory;
    return 1;
}

static const pb_plugin_descriptor_t *factory_descriptor(const pb_screen_factory_t *factory, uint32_t index) {
    (void)factory;
    return index == 0 ? &descriptor : NULL;
}

static const pb_screen_t *factory_create(const pb_screen_factory_t *factory, const pb_host_t *host,
                                         const char *plugin_id, const char *plugin_json,
                                         const char *screen_json, const char *data_source_json) {
    router_state_t *state;
    (void)factory;
    (void)plugin_json;
    (void)screen_json;
    (void)data_source_json;
    if (strcmp(plugin_id, descriptor.id) != 0) return NULL;
    state = calloc(1, sizeof *state);
    if (state == NULL) return NULL;
    state->host = host;
    state->screen.desc = &descriptor;
    state->screen.plugin_data = state;
    state->screen.init = screen_init;
    state->screen.destroy = screen_destroy;
    state->screen.view = screen_view;
    state->screen.layout = screen_layout;
    state->screen.will_appear = lifecycle;
    state->screen.did_appear = lifecycle;
    state->screen.will_disappear = lifecycle;
    state->screen.did_disappear = lifecycle;
    return &state->screen;
}

static const pb_screen_factory_t screen_factory = {factory_count, factory_descriptor, factory_create};

static bool entry_init(const pb_host_info_t *info) {
    (void)info;
    return true;
}

static void entry_deinit(void) {}

static const void *entry_get_factory(const char *id) {
    return strcmp(id, PB_SCREEN_FACTORY_ID) == 0 ? &screen_factory : NULL;
}

PB_EXPORT const pb_plugin_entry_t plugboard_entry = {PB_VERSION_INIT, entry_init, entry_deinit, entry_get_factory};
