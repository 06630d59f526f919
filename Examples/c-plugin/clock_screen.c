/* example.c.clock — an out-of-tree screen plugin in C, built with make against the pkg-config
 * file of the checkout (see README.md).
 *
 * A clock face: a label showing a time and a button that moves it forward a quarter of an hour.
 * The time is the plugin's own (it starts at 12:00) so every run shows the same thing. Every
 * lifecycle call and every tap is logged through host->log. */
#include <plugboard.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CLOCK_ID "example.c.clock"
#define STEP_MINUTES 15

typedef struct clock_screen {
    pb_screen_t screen;    /* what the host sees; its plugin_data points back here */
    const pb_host_t *host; /* valid until destroy returns */
    pb_view_t root, label, button;
    int minutes; /* minutes since midnight */
} clock_screen_t;

static clock_screen_t *self(const pb_screen_t *s) { return (clock_screen_t *)s->plugin_data; }

static void say(const clock_screen_t *c, const char *what) { c->host->log(c->host, PB_LOG_INFO, what); }

/* Writes the time into the label as "HH:MM". */
static void show_time(clock_screen_t *c) {
    char text[16];
    snprintf(text, sizeof text, "%02d:%02d", (c->minutes / 60) % 24, c->minutes % 60);
    c->host->views->set_text(c->host, c->label, text);
}

/* The button's target-action: `context` is the clock_screen_t passed to set_tap_action. */
static void advance(void *context, pb_view_t view) {
    clock_screen_t *c = context;
    char line[32];
    (void)view;
    c->minutes = (c->minutes + STEP_MINUTES) % (24 * 60);
    show_time(c);
    snprintf(line, sizeof line, "tap %02d:%02d", c->minutes / 60, c->minutes % 60);
    say(c, line);
}

static bool clock_init(const pb_screen_t *s) {
    clock_screen_t *c = self(s);
    const pb_view_api_t *v = c->host->views;
    c->root = v->create(c->host, PB_VIEW_CONTAINER);
    c->label = v->create(c->host, PB_VIEW_LABEL);
    c->button = v->create(c->host, PB_VIEW_BUTTON);
    if (c->root == PB_VIEW_NONE || c->label == PB_VIEW_NONE || c->button == PB_VIEW_NONE) return false;
    v->set_background_color(c->host, c->root, 0xFF101820u);
    v->set_identifier(c->host, c->label, "clock-time");
    v->set_text_color(c->host, c->label, 0xFFFFFFFFu);
    v->set_font(c->host, c->label, NULL, 48);
    v->set_alignment(c->host, c->label, PB_ALIGN_CENTER);
    v->set_identifier(c->host, c->button, "clock-advance");
    v->set_text(c->host, c->button, "+15 min");
    v->set_tap_action(c->host, c->button, advance, c);
    v->add_child(c->host, c->root, c->label);
    v->add_child(c->host, c->root, c->button);
    show_time(c);
    say(c, "init");
    return true;
}

static void clock_destroy(const pb_screen_t *s) {
    say(self(s), "destroy");
    free(self(s)); /* the host releases the views the instance still owns */
}

static pb_view_t clock_view(const pb_screen_t *s) { return self(s)->root; }

static void clock_layout(const pb_screen_t *s, double width, double height) {
    clock_screen_t *c = self(s);
    char line[48];
    double inner = width > 32 ? width - 32 : 0; /* a frame's size is never negative */
    pb_rect_t time = {16, 16, inner, 64};
    pb_rect_t button = {16, 96, inner, 44};
    c->host->views->set_frame(c->host, c->label, time);
    c->host->views->set_frame(c->host, c->button, button);
    snprintf(line, sizeof line, "layout %.0fx%.0f", width, height);
    say(c, line);
}

static void will_appear(const pb_screen_t *s) { say(self(s), "will_appear"); }
static void did_appear(const pb_screen_t *s) { say(self(s), "did_appear"); }
static void will_disappear(const pb_screen_t *s) { say(self(s), "will_disappear"); }
static void did_disappear(const pb_screen_t *s) { say(self(s), "did_disappear"); }
static const void *no_extension(const pb_screen_t *s, const char *id) {
    (void)s;
    (void)id;
    return NULL;
}

static const pb_plugin_descriptor_t descriptor = {
    PB_VERSION_INIT,     CLOCK_ID, "Clock (C example)", "Plugboard Examples", "1.0.0",
    "A label and a button that moves the time forward", PB_PLUGIN_KIND_SCREEN, PB_PLUGIN_FLAG_SCREEN};

static uint32_t count(const pb_screen_factory_t *f) {
    (void)f;
    return 1;
}

static const pb_plugin_descriptor_t *get_descriptor(const pb_screen_factory_t *f, uint32_t index) {
    (void)f;
    return index == 0 ? &descriptor : NULL;
}

/* Must not call the host: views are made in init. */
static const pb_screen_t *create(const pb_screen_factory_t *f, const pb_host_t *host, const char *id,
                                 const char *plugin_json, const char *screen_json, const char *data_source) {
    clock_screen_t *c;
    (void)f;
    (void)plugin_json;
    (void)screen_json;
    (void)data_source;
    if (strcmp(id, CLOCK_ID) != 0) return NULL;
    c = calloc(1, sizeof *c);
    if (c == NULL) return NULL;
    c->host = host;
    c->minutes = 12 * 60;
    c->screen = (pb_screen_t){&descriptor,    c,           clock_init,     clock_destroy,
                              clock_view,     clock_layout, will_appear,   did_appear,
                              will_disappear, did_disappear, no_extension};
    return &c->screen;
}

static const pb_screen_factory_t factory = {count, get_descriptor, create};

static bool entry_init(const pb_host_info_t *info) {
    (void)info;
    return true;
}
static void entry_deinit(void) {}
static const void *get_factory(const char *id) { return strcmp(id, PB_SCREEN_FACTORY_ID) == 0 ? &factory : NULL; }

PB_EXPORT const pb_plugin_entry_t plugboard_entry = {PB_VERSION_INIT, entry_init, entry_deinit, get_factory};
