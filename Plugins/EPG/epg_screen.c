/* EPG — the programme guide screen (`epg_legacy_screen` of seed 002), written in C.
 *
 * A white-label screen: its manifest says `"white_label": true`, so the host forces its bar
 * on_top. When the screen's `force_nav_bar_hidden` style is on, the bar is hidden and the screen
 * shows its own close button, which asks the host to close it (PB_HOST_EXT_SCREEN), as seed 002
 * requires of such screens. When the app has the details screen (the screen's `details_screen`
 * style, default "programme"), each row is a cell: tapping it opens that screen with the
 * programme as its data source, through PB_HOST_EXT_NAVIGATION (seed 002: "the data source of the
 * cell … will be passed automatically").
 *
 * Seed 003: the guide keeps its own bar (PB_HOST_EXT_SCREEN_BAR, ABI 1.2): its title names the
 * hour and the bar takes the guide's colours, wherever it is in a stack. It answers
 * PB_EXT_GESTURE_NAVIGATION: a swipe back goes to the screen its `gesture_back_to` style names
 * (else the previous one), a swipe forward pushes its `gesture_forward_to` screen (else none),
 * from anywhere on the guide. */
#define _POSIX_C_SOURCE 200809L
#include <plugboard.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "epg_data.h"

struct epg;

/* What a row's tap action gets: the screen and the row's channel. */
typedef struct epg_row {
    struct epg *epg;
    int channel;
} epg_row_t;

typedef struct epg {
    pb_screen_t screen;
    const pb_host_t *host;
    bool own_close_button; /* force_nav_bar_hidden: the bar's close button is not there */
    pb_view_t root;
    pb_view_t heading;
    pb_view_t rows[EPG_CHANNELS];
    pb_view_t close;
    epg_row_t row_context[EPG_CHANNELS];
    int hour;                 /* the hour the guide shows */
    char details_screen[128]; /* the screen a row opens */
    char back_to[128];        /* gesture_back_to: a swipe back pops to it ("" = the previous screen) */
    char forward_to[128];     /* gesture_forward_to: a swipe forward pushes it ("" = none) */
} epg_t;

static epg_t *self_of(const pb_screen_t *screen) { return (epg_t *)screen->plugin_data; }

/* Copies the string at `path` of the screen's props (plugboard.host.model) into `out`, or
 * `fallback` when there is none. No JSON is parsed here: the host reads its own model. */
static void props_string(const epg_t *epg, const pb_host_model_t *model, const char *path, const char *fallback,
                         char *out, size_t size) {
    const char *value = model != NULL ? model->string(epg->host, PB_MODEL_SCREEN, path) : NULL;
    snprintf(out, size, "%s", value != NULL ? value : fallback);
}

/* Reads the styles the guide follows (flattened into the props: `force_nav_bar_hidden`, not
 * `styles.force_nav_bar_hidden`). */
static void read_styles(epg_t *epg) {
    const pb_host_model_t *model = epg->host->get_extension(epg->host, PB_HOST_EXT_MODEL);
    bool hide = false;
    epg->own_close_button =
        model != NULL && model->boolean(epg->host, PB_MODEL_SCREEN, "force_nav_bar_hidden", &hide) && hide;
    props_string(epg, model, "details_screen", "programme", epg->details_screen, sizeof epg->details_screen);
    props_string(epg, model, "gesture_back_to", "", epg->back_to, sizeof epg->back_to);
    props_string(epg, model, "gesture_forward_to", "", epg->forward_to, sizeof epg->forward_to);
}

/* Appends `text` to `out` as a JSON string (quotes, backslashes and control characters escaped). */
static void json_string(char *out, size_t size, const char *text) {
    size_t used = strlen(out);
    const unsigned char *c;
    if (used + 1 < size) out[used++] = '"';
    for (c = (const unsigned char *)text; *c != '\0' && used + 7 < size; c++) {
        if (*c == '"' || *c == '\\') {
            out[used++] = '\\';
            out[used++] = (char)*c;
        } else if (*c < 0x20) {
            used += (size_t)snprintf(out + used, size - used, "\\u%04x", *c);
        } else {
            out[used++] = (char)*c;
        }
    }
    if (used + 1 < size) out[used++] = '"';
    out[used] = '\0';
}

/* A row was tapped: open the details screen with the programme as its data source. */
static void on_row(void *context, pb_view_t view) {
    const epg_row_t *row = (const epg_row_t *)context;
    epg_t *epg = row->epg;
    const pb_host_navigation_t *navigation = epg->host->get_extension(epg->host, PB_HOST_EXT_NAVIGATION);
    const char *programme = epg_programme(row->channel, epg->hour);
    char json[512] = "{\"title\":";
    char tail[160];
    (void)view;
    if (navigation == NULL || programme == NULL) return;
    json_string(json, sizeof json, programme);
    strncat(json, ",\"summary\":", sizeof json - strlen(json) - 1);
    snprintf(tail, sizeof tail, "%s at %02d:00", epg_channel_name(row->channel), epg->hour);
    json_string(json, sizeof json, tail);
    snprintf(tail, sizeof tail, ",\"channel\":%d,\"hour\":%d,\"source\":\"epg://channel/%d\",\"type\":\"EPG_PROGRAMME\"}",
             row->channel, epg->hour, row->channel);
    strncat(json, tail, sizeof json - strlen(json) - 1);
    navigation->open_screen(epg->host, epg->details_screen, json, PB_OPEN_DEFAULT);
    /* may have shown another screen (this one got will_disappear, did_disappear): nothing after */
}

static void on_close(void *context, pb_view_t view) {
    epg_t *epg = (epg_t *)context;
    const pb_host_screen_t *screen = epg->host->get_extension(epg->host, PB_HOST_EXT_SCREEN);
    (void)view;
    epg->host->log(epg->host, PB_LOG_INFO, "close pressed");
    if (screen != NULL) screen->close(epg->host); /* may destroy this instance: nothing after */
}

/* Seed 003: the guide's own bar values; they stay with this screen through the stack. */
static void epg_own_bar(const epg_t *epg, int hour) {
    const pb_host_screen_bar_t *bar = epg->host->get_extension(epg->host, PB_HOST_EXT_SCREEN_BAR);
    char title[64];
    if (bar == NULL) return; /* a host before ABI 1.2 */
    snprintf(title, sizeof title, "TV Guide %02d:00", hour);
    bar->set_title(epg->host, title);
    bar->set_background_color(epg->host, 0xFF1B1F2Au);
    bar->set_title_color(epg->host, 0xFFFFFFFFu);
}

static bool epg_init(const pb_screen_t *screen) {
    epg_t *epg = self_of(screen);
    const pb_view_api_t *v = epg->host->views;
    const pb_host_navigation_t *navigation = epg->host->get_extension(epg->host, PB_HOST_EXT_NAVIGATION);
    bool cells;
    int hour = epg_current_hour();
    char line[128];
    int channel;
    read_styles(epg);
    cells = navigation != NULL && navigation->screen_exists(epg->host, epg->details_screen);
    epg->hour = hour;
    epg->root = v->create(epg->host, PB_VIEW_CONTAINER);
    epg->heading = v->create(epg->host, PB_VIEW_LABEL);
    if (epg->root == PB_VIEW_NONE || epg->heading == PB_VIEW_NONE) return false;
    v->set_identifier(epg->host, epg->root, "epg");
    v->set_background_color(epg->host, epg->root, 0xFF1B1F2Au);
    snprintf(line, sizeof line, "TV Guide - now (%02d:00)", hour);
    v->set_text(epg->host, epg->heading, line);
    v->set_text_color(epg->host, epg->heading, 0xFFFFFFFFu);
    v->set_font(epg->host, epg->heading, NULL, 22);
    v->add_child(epg->host, epg->root, epg->heading);
    epg_own_bar(epg, hour);
    for (channel = 1; channel <= EPG_CHANNELS; channel++) {
        pb_view_t row = v->create(epg->host, PB_VIEW_LABEL);
        snprintf(line, sizeof line, "%d  %-12s %s", channel, epg_channel_name(channel), epg_programme(channel, hour));
        v->set_text(epg->host, row, line);
        v->set_text_color(epg->host, row, 0xFFE0E0E0u);
        v->add_child(epg->host, epg->root, row);
        epg->rows[channel - 1] = row;
        if (cells) {
            epg_row_t *context = &epg->row_context[channel - 1];
            context->epg = epg;
            context->channel = channel;
            snprintf(line, sizeof line, "epg-row:%d", channel);
            v->set_identifier(epg->host, row, line);
            v->set_tap_action(epg->host, row, on_row, context);
        }
    }
    if (epg->own_close_button) {
        epg->close = v->create(epg->host, PB_VIEW_BUTTON);
        v->set_identifier(epg->host, epg->close, "epg-close");
        v->set_text(epg->host, epg->close, "Close");
        v->set_tap_action(epg->host, epg->close, on_close, epg);
        v->add_child(epg->host, epg->root, epg->close);
    }
    return true;
}

/* `width` less both margins, never negative: the host refuses negative sizes (at width 0 too). */
static double inner_width(double width) { return width > 32 ? width - 32 : 0; }

static void epg_layout(const pb_screen_t *screen, double width, double height) {
    epg_t *epg = self_of(screen);
    const pb_view_api_t *v = epg->host->views;
    double top = epg->own_close_button ? 56 : 16;
    pb_rect_t heading = {16, top, inner_width(width), 32};
    int i;
    (void)height;
    v->set_frame(epg->host, epg->heading, heading);
    for (i = 0; i < EPG_CHANNELS; i++) {
        pb_rect_t row = {16, top + 44 + i * 32, inner_width(width), 28};
        v->set_frame(epg->host, epg->rows[i], row);
    }
    if (epg->own_close_button) {
        pb_rect_t close = {width - 96, 12, 80, 36};
        v->set_frame(epg->host, epg->close, close);
    }
}

/* Releases every view the screen made, then the state. */
static void epg_destroy(const pb_screen_t *screen) {
    epg_t *epg = self_of(screen);
    const pb_view_api_t *v = epg->host->views;
    int i;
    for (i = 0; i < EPG_CHANNELS; i++) {
        if (epg->rows[i] != PB_VIEW_NONE) v->release(epg->host, epg->rows[i]);
    }
    if (epg->close != PB_VIEW_NONE) v->release(epg->host, epg->close);
    if (epg->heading != PB_VIEW_NONE) v->release(epg->host, epg->heading);
    if (epg->root != PB_VIEW_NONE) v->release(epg->host, epg->root);
    free(epg);
}
static pb_view_t epg_view(const pb_screen_t *screen) { return self_of(screen)->root; }
static void epg_event(const pb_screen_t *screen) { (void)screen; }
/* Gestures start anywhere on the guide (no insets). */
static bool epg_gesture_insets(const pb_screen_t *screen, pb_navigation_operation_t operation,
                               pb_edge_insets_t *insets) {
    (void)screen;
    (void)operation;
    (void)insets;
    return false;
}

static const char *epg_gesture_target(const pb_screen_t *screen, pb_navigation_operation_t operation) {
    const epg_t *epg = self_of(screen);
    const char *target = operation == PB_NAVIGATION_POP ? epg->back_to : epg->forward_to;
    return target[0] != '\0' ? target : NULL;
}

static const pb_screen_gesture_navigation_t epg_gestures = {epg_gesture_insets, epg_gesture_target};

static const void *epg_extension(const pb_screen_t *screen, const char *id) {
    (void)screen;
    if (strcmp(id, PB_EXT_GESTURE_NAVIGATION) == 0) return &epg_gestures;
    return NULL;
}

static const pb_plugin_descriptor_t descriptor = {
    PB_VERSION_INIT, "epg_legacy_screen", "EPG", "Plugboard", "1.0.0",
    "The programme guide; exports epg_tune(i32) -> json", PB_PLUGIN_KIND_SCREEN, PB_PLUGIN_FLAG_SCREEN};

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
    epg_t *epg;
    (void)factory;
    (void)plugin_json;
    (void)data_source_json;
    (void)screen_json; /* read in init, through plugboard.host.model */
    if (strcmp(plugin_id, descriptor.id) != 0) return NULL;
    epg = calloc(1, sizeof *epg);
    if (epg == NULL) return NULL;
    epg->host = host;
    epg->screen.desc = &descriptor;
    epg->screen.plugin_data = epg;
    epg->screen.init = epg_init;
    epg->screen.destroy = epg_destroy;
    epg->screen.view = epg_view;
    epg->screen.layout = epg_layout;
    epg->screen.will_appear = epg_event;
    epg->screen.did_appear = epg_event;
    epg->screen.will_disappear = epg_event;
    epg->screen.did_disappear = epg_event;
    epg->screen.get_extension = epg_extension;
    return &epg->screen;
}

static const pb_screen_factory_t screen_factory = {factory_count, factory_descriptor, factory_create};

static int init_count;

static bool entry_init(const pb_host_info_t *info) {
    (void)info;
    init_count++;
    return true;
}

static void entry_deinit(void) { init_count--; }

static const void *entry_get_factory(const char *id) {
    return strcmp(id, PB_SCREEN_FACTORY_ID) == 0 ? &screen_factory : NULL;
}

PB_EXPORT const pb_plugin_entry_t plugboard_entry = {PB_VERSION_INIT, entry_init, entry_deinit, entry_get_factory};
