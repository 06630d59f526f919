#include <plugboard.h>
#include <stdlib.h>
#include <string.h>

/* One screen: a label that says hello. Every lifecycle call is logged through the host. */
typedef struct hello {
    pb_screen_t screen;     /* what the host sees */
    const pb_host_t *host;  /* valid until destroy */
    pb_view_t root, label;
} hello_t;

static hello_t *self(const pb_screen_t *s) { return (hello_t *)s->plugin_data; }
static void say(const pb_screen_t *s, const char *what) { self(s)->host->log(self(s)->host, PB_LOG_INFO, what); }

static bool hello_init(const pb_screen_t *s) {
    hello_t *h = self(s);
    const pb_view_api_t *v = h->host->views;
    h->root = v->create(h->host, PB_VIEW_CONTAINER);
    h->label = v->create(h->host, PB_VIEW_LABEL);
    v->set_text(h->host, h->label, "Hello, Plugboard!");
    v->add_child(h->host, h->root, h->label);
    say(s, "init");
    return h->root != PB_VIEW_NONE && h->label != PB_VIEW_NONE;
}
static void hello_destroy(const pb_screen_t *s) {
    hello_t *h = self(s);
    say(s, "destroy");
    h->host->views->release(h->host, h->label); /* the views this instance made */
    h->host->views->release(h->host, h->root);
    free(h);
}
static pb_view_t hello_view(const pb_screen_t *s) { return self(s)->root; }
static void hello_layout(const pb_screen_t *s, double width, double height) {
    pb_rect_t frame = {16, 16, width > 32 ? width - 32 : 0, 24}; /* layout(0, 0) is legal */
    (void)height;
    self(s)->host->views->set_frame(self(s)->host, self(s)->label, frame);
}
static void will_appear(const pb_screen_t *s) { say(s, "will_appear"); }
static void did_appear(const pb_screen_t *s) { say(s, "did_appear"); }
static void will_disappear(const pb_screen_t *s) { say(s, "will_disappear"); }
static void did_disappear(const pb_screen_t *s) { say(s, "did_disappear"); }
static const void *no_extension(const pb_screen_t *s, const char *id) { (void)s; (void)id; return NULL; }

static const pb_plugin_descriptor_t descriptor = {
    PB_VERSION_INIT, "hello_screen", "Hello Screen", "Me", "1.0.0", "My first plugin",
    PB_PLUGIN_KIND_SCREEN, PB_PLUGIN_FLAG_SCREEN};

static uint32_t count(const pb_screen_factory_t *f) { (void)f; return 1; }
static const pb_plugin_descriptor_t *get_descriptor(const pb_screen_factory_t *f, uint32_t i) {
    (void)f;
    return i == 0 ? &descriptor : NULL;
}
static const pb_screen_t *create(const pb_screen_factory_t *f, const pb_host_t *host, const char *id,
                                 const char *plugin_json, const char *screen_json, const char *data_source) {
    hello_t *h = calloc(1, sizeof *h);
    (void)f; (void)plugin_json; (void)screen_json; (void)data_source;
    if (h == NULL || strcmp(id, descriptor.id) != 0) { free(h); return NULL; }
    h->host = host;
    h->screen = (pb_screen_t){&descriptor, h, hello_init, hello_destroy, hello_view, hello_layout,
                              will_appear, did_appear, will_disappear, did_disappear, no_extension};
    return &h->screen;
}
static const pb_screen_factory_t factory = {count, get_descriptor, create};

static bool entry_init(const pb_host_info_t *info) { (void)info; return true; }
static void entry_deinit(void) {}
static const void *get_factory(const char *id) {
    return strcmp(id, PB_SCREEN_FACTORY_ID) == 0 ? &factory : NULL;
}

PB_EXPORT const pb_plugin_entry_t plugboard_entry = {PB_VERSION_INIT, entry_init, entry_deinit, get_factory};
