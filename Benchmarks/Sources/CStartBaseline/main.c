/* plugboard-bench-c-start LIBRARY… [--create KIND LIBRARY ID PLUGIN_JSON MODEL_JSON DATA_JSON]…
 *
 * What app start is compared with: a C program as fast as one can be that does the same work
 * with the same plugin libraries and no Plugboard code. It loads each library (dlopen with
 * RTLD_LAZY: symbols bound when first called, as a host that starts quickly would), checks its
 * entry's ABI, runs `init`, reads every factory's descriptors, then makes each `--create`d
 * instance (the app's root, bar and first screen: KIND is root, nav-bar or screen) with the
 * models the app gave it (DATA_JSON "-" for none), runs its `init` and asks for its view, and
 * exits. The host it hands the plugins is the least a host can be: views are numbers, setters
 * accept and store nothing, and it offers no extension. So an instance that needs one declines
 * (the side menu reads its items through the model extension, a JSON reader this program does
 * not have): its create and init still ran, and the program goes on, so the baseline does at
 * most the work the app does. Exit status 1 names a library that failed to load. */
#include <plugboard.h>

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

static pb_view_t next_view = 1;

static pb_view_t view_create(const pb_host_t *host, pb_view_kind_t kind) {
    (void)host;
    (void)kind;
    return next_view++;
}
static bool view_release(const pb_host_t *host, pb_view_t view) {
    (void)host;
    return view != PB_VIEW_NONE;
}
static bool view_set_string(const pb_host_t *host, pb_view_t view, const char *text) {
    (void)host;
    (void)text;
    return view != PB_VIEW_NONE;
}
static bool view_set_color(const pb_host_t *host, pb_view_t view, pb_argb_t color) {
    (void)host;
    (void)color;
    return view != PB_VIEW_NONE;
}
static bool view_set_font(const pb_host_t *host, pb_view_t view, const char *family, double size) {
    (void)host;
    (void)family;
    (void)size;
    return view != PB_VIEW_NONE;
}
static bool view_set_alignment(const pb_host_t *host, pb_view_t view, pb_alignment_t alignment) {
    (void)host;
    (void)alignment;
    return view != PB_VIEW_NONE;
}
static bool view_set_flag(const pb_host_t *host, pb_view_t view, bool flag) {
    (void)host;
    (void)flag;
    return view != PB_VIEW_NONE;
}
static bool view_set_frame(const pb_host_t *host, pb_view_t view, pb_rect_t frame) {
    (void)host;
    (void)frame;
    return view != PB_VIEW_NONE;
}
static bool view_get_frame(const pb_host_t *host, pb_view_t view, pb_rect_t *out_frame) {
    (void)host;
    if (out_frame != NULL) memset(out_frame, 0, sizeof *out_frame);
    return view != PB_VIEW_NONE;
}
static bool view_child(const pb_host_t *host, pb_view_t parent, pb_view_t child) {
    (void)host;
    return parent != PB_VIEW_NONE && child != PB_VIEW_NONE;
}
static bool view_set_tap_action(const pb_host_t *host, pb_view_t view, pb_tap_action_t action, void *context) {
    (void)host;
    (void)action;
    (void)context;
    return view != PB_VIEW_NONE;
}

static const pb_view_api_t views = {
    view_create,     view_release,    view_set_string, view_set_string,    view_set_color,
    view_set_color,  view_set_string, view_set_font,   view_set_alignment, view_set_flag,
    view_set_flag,   view_set_frame,  view_get_frame,  view_child,         view_child,
    view_set_tap_action};

static const void *host_extension(const pb_host_t *host, const char *extension_id) {
    (void)host;
    (void)extension_id;
    return NULL;
}
static void host_log(const pb_host_t *host, pb_log_severity_t severity, const char *message) {
    (void)host;
    (void)severity;
    (void)message;
}

static const pb_plugin_entry_t *entries[64];
static const char *paths[64];
static int library_count = 0;

static int fail(const char *what, const char *detail) {
    fprintf(stderr, "%s: %s\n", what, detail);
    return 1;
}

/* Makes one instance (`--create`'s six values), runs its init and asks for its view. Returns
 * 1 only for a library that was not loaded; an instance that declines is not an error here. */
static int create(char **values, pb_host_t *host) {
    const char *kind = values[0], *library = values[1], *id = values[2];
    const char *plugin_json = values[3], *model_json = values[4];
    const char *data_json = strcmp(values[5], "-") == 0 ? NULL : values[5];
    const pb_plugin_entry_t *entry = NULL;
    for (int index = 0; index < library_count; index++)
        if (strcmp(paths[index], library) == 0) entry = entries[index];
    if (entry == NULL) return fail(library, "not among the libraries loaded");
    if (strcmp(kind, "screen") == 0) {
        const pb_screen_factory_t *factory = entry->get_factory(PB_SCREEN_FACTORY_ID);
        const pb_screen_t *screen =
            factory == NULL ? NULL : factory->create(factory, host, id, plugin_json, model_json, data_json);
        if (screen != NULL && screen->init(screen)) (void)screen->view(screen);
    } else if (strcmp(kind, "nav-bar") == 0) {
        const pb_nav_bar_factory_t *factory = entry->get_factory(PB_NAV_BAR_FACTORY_ID);
        const pb_nav_bar_t *bar = factory == NULL ? NULL : factory->create(factory, host, id, plugin_json, model_json);
        if (bar != NULL && bar->init(bar)) (void)bar->view(bar);
    } else if (strcmp(kind, "root") == 0) {
        const pb_root_factory_t *factory = entry->get_factory(PB_ROOT_FACTORY_ID);
        const pb_root_t *root = factory == NULL ? NULL : factory->create(factory, host, id, plugin_json, data_json);
        if (root != NULL && root->init(root)) (void)root->view(root);
    }
    return 0;
}

int main(int argc, char **argv) {
    static const char *const factories[] = {PB_SCREEN_FACTORY_ID, PB_NAV_BAR_FACTORY_ID, PB_ROOT_FACTORY_ID};
    static pb_host_t hosts[16];
    int index = 1;
    for (; index < argc && strcmp(argv[index], "--create") != 0; index++) {
        if (library_count == 64) return fail(argv[index], "more than 64 libraries");
        void *handle = dlopen(argv[index], RTLD_LAZY | RTLD_LOCAL);
        const pb_plugin_entry_t *entry = handle != NULL ? dlsym(handle, PB_ENTRY_SYMBOL) : NULL;
        if (entry == NULL || entry->abi_version.major != PB_VERSION_MAJOR)
            return fail(argv[index], handle == NULL ? dlerror() : "no plugboard_entry 1.x");
        const pb_host_info_t info = {PB_VERSION_INIT, "plugboard-bench-c-start", "0", argv[index]};
        if (!entry->init(&info)) return fail(argv[index], "init failed");
        /* Every factory's descriptors, as the host reads them to find the plugins by id. */
        const pb_screen_factory_t *screens = entry->get_factory(factories[0]);
        for (uint32_t at = 0; screens != NULL && at < screens->count(screens); at++)
            (void)screens->get_descriptor(screens, at);
        const pb_nav_bar_factory_t *bars = entry->get_factory(factories[1]);
        for (uint32_t at = 0; bars != NULL && at < bars->count(bars); at++) (void)bars->get_descriptor(bars, at);
        const pb_root_factory_t *roots = entry->get_factory(factories[2]);
        for (uint32_t at = 0; roots != NULL && at < roots->count(roots); at++) (void)roots->get_descriptor(roots, at);
        paths[library_count] = argv[index];
        entries[library_count++] = entry;
    }
    for (int made = 0; index + 6 < argc; index += 7, made++) {
        if (made == 16) return fail("--create", "more than 16 instances");
        hosts[made] = (pb_host_t){PB_VERSION_INIT, NULL, "plugboard-bench-c-start", "Plugboard", "0",
                                  host_extension,  host_log, &views};
        if (create(&argv[index + 1], &hosts[made]) != 0) return 1;
    }
    return index == argc ? 0 : fail("--create", "needs KIND LIBRARY ID PLUGIN_JSON MODEL_JSON DATA_JSON");
}
