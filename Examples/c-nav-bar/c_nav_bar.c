/* c_nav_bar.c — a navigation-bar plugin in C11, written from plugboard.h alone.
 *
 * "example.c.nav_bar" is the bar at the top of every screen of an app whose home screen names
 * it in its `nav_bar` navigation. It shows, left to right:
 *
 *   [context button]  Title (or the logo)  .............  [nav item] [nav item]
 *
 *  - the context button the host asks for (menu, back or close; at most one), whose tap goes
 *    back to the host through plugboard.host.nav-bar's `button_pressed`;
 *  - the title the host gives in `update_title`, or the logo, as the model's presentation style
 *    says, in the font and colour the customization helper resolves; tapping it is the bar's
 *    "home" button when the plugin's configuration asks for one;
 *  - one navigation button per nav item of the bar model, made by the host (it knows what a
 *    nav item does; the bar only places the buttons);
 *  - the background the helper resolves (an image wins over a colour).
 *
 * It parses no JSON: every value comes from the host's customization helper
 * (plugboard/nav_bar_host.h) or from typed reads of the models the host has already parsed
 * (plugboard.host.model, plugboard/model.h).
 *
 * THE CALL ORDER (plugboard/nav_bar.h). The host makes one bar per root state and one per
 * presented container, and calls, all on its main thread:
 *
 *   entry.init                 once per library (reference-counted)       -> entry_init
 *   factory.create             the instance; no host calls allowed here   -> bar_create
 *   bar.init                   build views, ask for navigation buttons    -> bar_init
 *   then for every change of the visible screen, in this order:
 *     bar.customize_for_screen the screen's bar model                     -> bar_customize
 *     bar.update_title         its title                                  -> bar_update_title
 *     bar.set_context_button   menu, back, close or none                  -> bar_set_context_button
 *   bar.view / bar.layout      whenever the host lays the bar out          -> bar_view, bar_layout
 *   bar.destroy                the instance goes                           -> bar_destroy
 *   entry.deinit               undoes one entry.init                       -> entry_deinit
 *
 * WHO OWNS WHAT. The host owns the pb_nav_bar_t's lifetime (it calls destroy), the pb_host_t
 * and every struct reached through it, and every string it hands in (valid during the call, or
 * as its comment says). The bar owns its instance memory, the views it creates and the
 * navigation buttons the host makes for it; it may only change those views.
 *
 * Every step is logged through host->log (see it with `plugboard run … --log-level info`).
 */
#include <plugboard.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BAR_ID "example.c.nav_bar"

/* Sizes in points. The host gives the bar its area (44 pt high on a phone, 50 on a tablet,
 * more with a large title); the bar decides everything inside it. */
#define BAR_ROW_HEIGHT 44.0       /* the row of buttons; a large title goes below it */
#define BAR_PADDING 8.0           /* around and between the parts */
#define BAR_MIN_BUTTON_WIDTH 44.0 /* a tappable size, as Apple's guidelines ask */
#define BAR_MIN_TITLE_WIDTH 64.0  /* navigation buttons that would leave less are hidden */
#define BAR_CHAR_WIDTH 0.6        /* an estimated character width, as a share of the font size */
#define BAR_BUTTON_FONT_SIZE 15.0 /* assumed for the host's buttons (the header names no font) */
#define BAR_LARGE_TITLE_SCALE 1.6 /* a large title's font size, as a share of the title font's */

/* The longest model path this bar builds ("nav_items[NNNNNNNNNN].title"). */
#define BAR_MAX_PATH 64

/* One navigation button: a view the host made for a nav item, owned by this bar. */
typedef struct nav_button {
    size_t title_length; /* characters of its title, to size the button */
    pb_view_t view;      /* identifier "nav-item:<id>", set by the host: kept as it is */
    bool shown;          /* false when the last layout had no room for it */
} nav_button_t;

/* One bar instance. */
typedef struct bar {
    pb_nav_bar_t bar;      /* what the host sees; its plugin_data points back here */
    const pb_host_t *host; /* this instance's host: valid until destroy returns */

    /* Host extensions, fetched in init (create may not call the host). Owned by the host, they
     * live as long as the instance. */
    const pb_host_nav_bar_t *manager;            /* plugboard.host.nav-bar */
    const pb_host_nav_bar_customization_t *look; /* plugboard.host.nav-bar-customization */
    const pb_host_model_t *model;                /* plugboard.host.model (ABI 1.2) */

    /* The bar's own views (it created them, so it owns them and releases them in destroy):
     *   root            the bar view the host places; the others are its children
     *   ├ background    image view for an image background (a colour paints `root` itself)
     *   ├ title         label: the title text
     *   ├ logo          image view: the logo, in the title's place
     *   ├ context       button: menu / back / close
     *   └ buttons[i]    the host's navigation buttons (owned by the bar as well) */
    pb_view_t root, background, title, logo, context;
    nav_button_t *buttons;
    size_t button_count;
    char *items; /* the nav item ids the buttons were made for (see item_ids) */

    /* What the last customization and calls said, for layout. */
    pb_context_button_t context_kind;
    pb_presentation_style_t presentation;
    pb_font_t title_font; /* family: the host's string, valid until the next customization */
    bool centered;        /* style "center": the title is centred on the whole bar */
    bool large_title;     /* the screen prefers a large title (ABI 1.2 helper) */
    double width, height; /* the last layout's size (0 x 0 before the first) */

    unsigned number; /* 1, 2, … in creation order: log lines say which bar speaks */

    /* From the plugin's configuration_json (plugins.json), read once in init and copied. */
    char *context_texts[4]; /* indexed by pb_context_button_t; [0] (none) unused */
    bool home_button;       /* the title and logo are a home button */
} bar_t;

/* ---------------------------------------------------------------------------------------- */
/* Small helpers                                                                              */
/* ---------------------------------------------------------------------------------------- */

/* The instance behind the struct the host passes back. */
static bar_t *bar_of(const pb_nav_bar_t *bar) { return (bar_t *)bar->plugin_data; }

/* A copy of `text` (strdup is POSIX, not C11), or NULL when `text` is NULL or memory runs out. */
static char *copy_string(const char *text) {
    size_t size;
    char *copy;
    if (text == NULL) return NULL;
    size = strlen(text) + 1;
    copy = malloc(size);
    if (copy != NULL) memcpy(copy, text, size);
    return copy;
}

/* Logs a printf-style line under the plugin's name (the host copies it), prefixed with the
 * bar's number: "bar 2: title Contact Us". */
static void say(const bar_t *b, pb_log_severity_t severity, const char *format, ...) {
    char line[256];
    int prefix = snprintf(line, sizeof line, "bar %u: ", b->number);
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(line + prefix, sizeof line - (size_t)prefix, format, arguments);
    va_end(arguments);
    b->host->log(b->host, severity, line);
}

/* Characters (not bytes) of a UTF-8 string: what a width estimate needs. */
static size_t utf8_length(const char *text) {
    size_t count = 0;
    if (text == NULL) return 0;
    for (; *text != '\0'; text++)
        if (((unsigned char)*text & 0xC0u) != 0x80u) count++;
    return count;
}

/* The width a text of `length` characters takes in a font of `size` points, with padding. */
static double text_width(size_t length, double size) {
    return (double)length * size * BAR_CHAR_WIDTH + 2 * BAR_PADDING;
}

static double at_least(double value, double minimum) { return value > minimum ? value : minimum; }

static const char *context_name(pb_context_button_t kind) {
    switch (kind) {
    case PB_CONTEXT_BUTTON_MENU: return "menu";
    case PB_CONTEXT_BUTTON_BACK: return "back";
    case PB_CONTEXT_BUTTON_CLOSE: return "close";
    default: return "none";
    }
}

/* ---------------------------------------------------------------------------------------- */
/* Taps: the bar's own buttons report to the host; the host's navigation buttons do not      */
/* come here at all (their taps go to the navigation-bar manager directly).                   */
/* ---------------------------------------------------------------------------------------- */

/* The context button was tapped: tell the manager which one. It decides what happens (opens
 * the menu through the root's special action, pops, dismisses). */
static void context_tapped(void *context, pb_view_t view) {
    bar_t *b = context;
    (void)view;
    say(b, PB_LOG_INFO, "tap %s", context_name(b->context_kind));
    switch (b->context_kind) {
    case PB_CONTEXT_BUTTON_MENU: b->manager->button_pressed(b->host, PB_BAR_BUTTON_MENU, NULL); break;
    case PB_CONTEXT_BUTTON_BACK: b->manager->button_pressed(b->host, PB_BAR_BUTTON_BACK, NULL); break;
    case PB_CONTEXT_BUTTON_CLOSE: b->manager->button_pressed(b->host, PB_BAR_BUTTON_CLOSE, NULL); break;
    default: break; /* hidden: cannot be tapped */
    }
}

/* The title or the logo was tapped: the home button (nav_item_id is NULL for it). */
static void home_tapped(void *context, pb_view_t view) {
    bar_t *b = context;
    (void)view;
    say(b, PB_LOG_INFO, "tap home");
    b->manager->button_pressed(b->host, PB_BAR_BUTTON_HOME, NULL);
}

/* ---------------------------------------------------------------------------------------- */
/* Navigation buttons                                                                          */
/* ---------------------------------------------------------------------------------------- */

/* Releases every navigation button: the bar owns them (the host forgets released ones). */
static void release_buttons(bar_t *b) {
    size_t i;
    for (i = 0; i < b->button_count; i++) b->host->views->release(b->host, b->buttons[i].view);
    free(b->buttons);
    b->buttons = NULL;
    b->button_count = 0;
}

/* The ids of the current bar model's nav items, one per line ("a\nb\n"): what the buttons
 * were made for, kept (a copy: the model's strings do not outlive it) to tell whether the next
 * screen's model has other items. A new string (the caller frees it), or NULL when memory runs
 * out. */
static char *item_ids(const bar_t *b) {
    uint32_t count = b->model->count(b->host, PB_MODEL_NAV_BAR, "nav_items"), i;
    size_t length = 0;
    char path[BAR_MAX_PATH], *ids;
    for (i = 0; i < count; i++) {
        const char *id;
        snprintf(path, sizeof path, "nav_items[%u].id", (unsigned)i);
        id = b->model->string(b->host, PB_MODEL_NAV_BAR, path);
        if (id != NULL) length += strlen(id) + 1;
    }
    ids = malloc(length + 1);
    if (ids == NULL) return NULL;
    ids[0] = '\0';
    for (i = 0; i < count; i++) {
        const char *id;
        snprintf(path, sizeof path, "nav_items[%u].id", (unsigned)i);
        id = b->model->string(b->host, PB_MODEL_NAV_BAR, path);
        if (id == NULL) continue;
        strcat(ids, id);
        strcat(ids, "\n");
    }
    return ids;
}

/* Asks the host for a button for every nav item of the bar model (PB_MODEL_NAV_BAR: the
 * create-time model in init, the screen's after each customize_for_screen). The host sets each
 * button's text, icon, colour, identifier ("nav-item:<id>") and tap action, and disables one
 * that targets the screen shown; it returns PB_VIEW_NONE for items that make no button (label,
 * header, ad). The bar adds the buttons to its view and frames them in layout. */
static void make_buttons(bar_t *b) {
    uint32_t count = b->model->count(b->host, PB_MODEL_NAV_BAR, "nav_items"), i;
    char path[BAR_MAX_PATH], names[200] = "";
    release_buttons(b);
    free(b->items);
    b->items = item_ids(b);
    if (count == 0) {
        say(b, PB_LOG_INFO, "buttons: none");
        return;
    }
    b->buttons = calloc(count, sizeof *b->buttons);
    if (b->buttons == NULL) return;
    for (i = 0; i < count; i++) {
        nav_button_t *button = &b->buttons[b->button_count];
        const char *id, *title;
        snprintf(path, sizeof path, "nav_items[%u].id", (unsigned)i);
        id = b->model->string(b->host, PB_MODEL_NAV_BAR, path);
        if (id == NULL) continue;
        button->view = b->manager->make_navigation_button(b->host, id);
        if (button->view == PB_VIEW_NONE) continue; /* no button for this kind of item */
        snprintf(path, sizeof path, "nav_items[%u].title", (unsigned)i);
        title = b->model->string(b->host, PB_MODEL_NAV_BAR, path);
        button->title_length = utf8_length(title);
        button->shown = true;
        b->host->views->add_child(b->host, b->root, button->view);
        b->button_count++;
        if (strlen(names) + strlen(id) + 3 < sizeof names) {
            if (names[0] != '\0') strcat(names, ", ");
            strcat(names, id);
        }
    }
    say(b, PB_LOG_INFO, "buttons: %s", names[0] != '\0' ? names : "none");
}

/* ---------------------------------------------------------------------------------------- */
/* Layout                                                                                      */
/* ---------------------------------------------------------------------------------------- */

/* Frames every part for the last size: the context button on the left, the navigation buttons
 * on the right in model order, the title (or logo) in the room between them. Buttons that
 * would leave the title less than BAR_MIN_TITLE_WIDTH are hidden, last first. */
static void apply_layout(bar_t *b) {
    const pb_view_api_t *v = b->host->views;
    const pb_host_t *h = b->host;
    double width = at_least(b->width, 0), height = at_least(b->height, 0);
    double row = height < BAR_ROW_HEIGHT ? height : BAR_ROW_HEIGHT;
    double left = 0, right = 0, x;
    const char *text = b->context_texts[b->context_kind];
    bool title_shown = b->presentation != PB_PRESENTATION_HIDDEN;
    bool large = b->large_title && height > row && title_shown;
    size_t i, fit = 0;
    pb_rect_t title_frame;

    v->set_frame(h, b->background, (pb_rect_t){0, 0, width, height});

    /* The context button: as wide as its text, at least a tappable square. */
    if (b->context_kind != PB_CONTEXT_BUTTON_NONE) {
        left = at_least(text_width(utf8_length(text), b->title_font.size), BAR_MIN_BUTTON_WIDTH);
        if (left > width) left = width;
        v->set_frame(h, b->context, (pb_rect_t){0, 0, left, row});
    }

    /* How many navigation buttons fit, in model order. A large title has its own line, so the
     * row only needs room for the buttons. */
    for (i = 0; i < b->button_count; i++) {
        double w = at_least(text_width(b->buttons[i].title_length, BAR_BUTTON_FONT_SIZE), BAR_MIN_BUTTON_WIDTH);
        double needed = left + right + w + (title_shown && !large ? BAR_MIN_TITLE_WIDTH + 2 * BAR_PADDING : 0);
        if (needed > width) break;
        right += w;
        fit++;
    }
    x = width - right;
    for (i = 0; i < b->button_count; i++) {
        nav_button_t *button = &b->buttons[i];
        bool shown = i < fit;
        if (shown) {
            double w = at_least(text_width(button->title_length, BAR_BUTTON_FONT_SIZE), BAR_MIN_BUTTON_WIDTH);
            v->set_frame(h, button->view, (pb_rect_t){x, 0, w, row});
            x += w;
        }
        if (shown != button->shown) v->set_hidden(h, button->view, !shown);
        button->shown = shown;
    }

    /* The title area: below the row for a large title, else between the two sides (centred
     * on the whole bar for style "center": as far from both edges as the wider side). */
    if (large) {
        title_frame = (pb_rect_t){BAR_PADDING, row, at_least(width - 2 * BAR_PADDING, 0), height - row};
    } else if (b->centered) {
        double side = (left > right ? left : right) + BAR_PADDING;
        title_frame = (pb_rect_t){side, 0, at_least(width - 2 * side, 0), row};
    } else {
        double start = left + BAR_PADDING;
        title_frame = (pb_rect_t){start, 0, at_least(width - right - BAR_PADDING - start, 0), row};
    }
    v->set_frame(h, b->title, title_frame);
    v->set_frame(h, b->logo, title_frame);
    v->set_alignment(h, b->title, b->centered && !large ? PB_ALIGN_CENTER : PB_ALIGN_LEFT);
    v->set_alignment(h, b->logo, b->centered && !large ? PB_ALIGN_CENTER : PB_ALIGN_LEFT);
    v->set_font(h, b->title, b->title_font.family,
                large ? b->title_font.size * BAR_LARGE_TITLE_SCALE : b->title_font.size);
}

/* ---------------------------------------------------------------------------------------- */
/* Customization: paint what the helper resolved                                              */
/* ---------------------------------------------------------------------------------------- */

/* Reads the customization helper (it answers for the last customize_for_screen, or for the
 * create-time model before the first) and applies it to the views. The helper has already
 * applied the documented priorities (image over colour, `_tablet` keys on tablets, Home's model
 * for screens without one, on_top for white-label screens), so every bar plugin agrees. */
static void apply_look(bar_t *b) {
    const pb_view_api_t *v = b->host->views;
    const pb_host_t *h = b->host;
    pb_background_t background = b->look->background(h);
    pb_argb_t title_color = b->look->title_color(h);
    const char *logo = b->look->logo_url(h);
    const char *style = b->look->style(h);
    bool translucent = false;

    /* The two newest helper functions were appended in ABI 1.2: a struct from an older host
     * ends before them, so read them only from a host that has them. */
    b->large_title = false;
    if (h->abi_version.major == PB_VERSION_MAJOR && h->abi_version.minor >= 2) {
        translucent = b->look->is_translucent(h);
        b->large_title = b->look->prefers_large_title(h);
    }

    /* Background: a colour paints the bar view itself; an image is an image view behind the
     * rest. A translucent bar keeps at most 80 % of its colour's opacity. */
    switch (background.kind) {
    case PB_BACKGROUND_COLOR: {
        pb_argb_t color = background.color;
        if (translucent && (color >> 24) > 0xCCu) color = (color & 0x00FFFFFFu) | 0xCC000000u;
        v->set_background_color(h, b->root, color);
        v->set_hidden(h, b->background, true);
        break;
    }
    case PB_BACKGROUND_IMAGE:
        v->set_background_color(h, b->root, 0);
        v->set_image_url(h, b->background, background.image_url);
        v->set_hidden(h, b->background, false);
        break;
    default:
        v->set_background_color(h, b->root, 0);
        v->set_hidden(h, b->background, true);
        break;
    }

    /* Title: font and colour; the context button's text in the same colour. */
    b->title_font = b->look->title_font(h);
    if (!(b->title_font.size > 0)) b->title_font.size = 17; /* never trust a size blindly */
    v->set_text_color(h, b->title, title_color);
    v->set_text_color(h, b->context, title_color);

    /* Presentation style: the title, the logo (the title when there is no logo), or neither. */
    b->presentation = b->look->presentation_style(h);
    v->set_image_url(h, b->logo, logo);
    switch (b->presentation) {
    case PB_PRESENTATION_LOGO:
        v->set_hidden(h, b->title, logo != NULL);
        v->set_hidden(h, b->logo, logo == NULL);
        break;
    case PB_PRESENTATION_HIDDEN:
        v->set_hidden(h, b->title, true);
        v->set_hidden(h, b->logo, true);
        break;
    default: /* PB_PRESENTATION_TITLE, and any value a newer host may add */
        v->set_hidden(h, b->title, false);
        v->set_hidden(h, b->logo, true);
        break;
    }

    /* Style: "center" centres the title; "left" and any style this bar does not know keep it
     * next to the context button. */
    b->centered = style != NULL && strcmp(style, "center") == 0;

    /* Not read here: `placement` (on_top, overlay, hidden) is where the host, or a root that
     * answers plugboard.ext.placement, puts the bar view: the bar never moves its own view.
     * `is_tablet`: the helper has already picked the `_tablet` values above. */
}

/* Shows the context button of `b->context_kind`: the model's image for it when there is one
 * (assets.menu_button, back_button, close_button), else the configured text. The identifier
 * names the kind, so scripts and tests can tap it: "c-nav-bar:back". */
static void apply_context_button(bar_t *b) {
    const pb_view_api_t *v = b->host->views;
    const pb_host_t *h = b->host;
    pb_context_button_t kind = b->context_kind;
    char identifier[32];
    const char *image;
    if (kind == PB_CONTEXT_BUTTON_NONE) {
        v->set_hidden(h, b->context, true);
        return;
    }
    image = b->look->context_button_image_url(h, kind);
    snprintf(identifier, sizeof identifier, "c-nav-bar:%s", context_name(kind));
    v->set_identifier(h, b->context, identifier);
    v->set_image_url(h, b->context, image);
    v->set_text(h, b->context, image != NULL ? NULL : b->context_texts[kind]);
    v->set_hidden(h, b->context, false);
}

/* ---------------------------------------------------------------------------------------- */
/* The pb_nav_bar_t functions, in the order the host calls them                               */
/* ---------------------------------------------------------------------------------------- */

/* Reads a string of the plugin's configuration_json (plugins.json) and copies it, else
 * copies `fallback`. Copies, because a model string lives only until that model changes. */
static char *configured_text(const bar_t *b, const char *key, const char *fallback) {
    char path[BAR_MAX_PATH];
    const char *text;
    snprintf(path, sizeof path, "configuration_json.%s", key);
    text = b->model->string(b->host, PB_MODEL_PLUGIN, path);
    return copy_string(text != NULL && text[0] != '\0' ? text : fallback);
}

/* Step 2, after create: the host may be called from here on. Fetch the host extensions, read
 * the configuration, build the views, make the navigation buttons of the create-time model.
 * Returning false makes the host destroy the instance and fall back to its default bar. */
static bool bar_init(const pb_nav_bar_t *bar) {
    bar_t *b = bar_of(bar);
    const pb_host_t *h = b->host;
    const pb_view_api_t *v = h->views;
    bool home = false;

    b->manager = h->get_extension(h, PB_HOST_EXT_NAV_BAR);
    b->look = h->get_extension(h, PB_HOST_EXT_NAV_BAR_CUSTOMIZATION);
    b->model = h->get_extension(h, PB_HOST_EXT_MODEL);
    if (b->manager == NULL || b->look == NULL || b->model == NULL) {
        say(b, PB_LOG_ERROR, "init: this bar needs plugboard.host.nav-bar, its customization helper and "
                             "plugboard.host.model (ABI 1.2)");
        return false;
    }

    /* The plugin model is the plugins.json manifest with its `configuration_json`: the texts
     * of the context buttons (when the bar model gives no image) and the home button. The
     * \u escapes are ☰, ‹ Back and ✕ in UTF-8. */
    b->context_texts[PB_CONTEXT_BUTTON_MENU] = configured_text(b, "menu_text", "\u2630");
    b->context_texts[PB_CONTEXT_BUTTON_BACK] = configured_text(b, "back_text", "\u2039 Back");
    b->context_texts[PB_CONTEXT_BUTTON_CLOSE] = configured_text(b, "close_text", "\u2715");
    if (b->model->boolean(h, PB_MODEL_PLUGIN, "configuration_json.home_button", &home)) b->home_button = home;

    b->root = v->create(h, PB_VIEW_CONTAINER);
    b->background = v->create(h, PB_VIEW_IMAGE);
    b->title = v->create(h, PB_VIEW_LABEL);
    b->logo = v->create(h, PB_VIEW_IMAGE);
    b->context = v->create(h, PB_VIEW_BUTTON);
    if (b->root == PB_VIEW_NONE || b->background == PB_VIEW_NONE || b->title == PB_VIEW_NONE ||
        b->logo == PB_VIEW_NONE || b->context == PB_VIEW_NONE || b->context_texts[1] == NULL ||
        b->context_texts[2] == NULL || b->context_texts[3] == NULL)
        return false; /* destroy follows and releases whatever was made */

    v->set_identifier(h, b->root, "c-nav-bar");
    v->set_identifier(h, b->background, "c-nav-bar:background");
    v->set_identifier(h, b->title, "c-nav-bar:title");
    v->set_identifier(h, b->logo, "c-nav-bar:logo");
    v->set_identifier(h, b->context, "c-nav-bar:context");
    /* Children are drawn in order, the last one in front: background first. */
    v->add_child(h, b->root, b->background);
    v->add_child(h, b->root, b->title);
    v->add_child(h, b->root, b->logo);
    v->add_child(h, b->root, b->context);
    v->set_hidden(h, b->context, true); /* until set_context_button says which */
    /* Tap actions get `b` back as their context; it stays valid until destroy. */
    v->set_tap_action(h, b->context, context_tapped, b);
    if (b->home_button) {
        v->set_tap_action(h, b->title, home_tapped, b);
        v->set_tap_action(h, b->logo, home_tapped, b);
    }

    make_buttons(b);
    apply_look(b);
    say(b, PB_LOG_INFO, "init");
    return true;
}

/* The visible screen changed. The arguments are the raw JSON of the screen, its bar model and
 * its data source; this bar reads none of them directly: the host has parsed them, and the
 * customization helper and plugboard.host.model answer for this model from now on. */
static void bar_customize(const pb_nav_bar_t *bar, const char *screen_json, const char *nav_bar_json,
                          const char *data_source_json) {
    bar_t *b = bar_of(bar);
    const char *id, *name;
    (void)screen_json;
    (void)nav_bar_json;
    (void)data_source_json;

    /* PB_MODEL_SCREEN, for a bar, is the rivers.json screen as it is: `id`, `name`, `styles.…`. */
    id = b->model->string(b->host, PB_MODEL_SCREEN, "id");
    name = b->model->string(b->host, PB_MODEL_SCREEN, "name");
    say(b, PB_LOG_INFO, "customize %s (%s)", id != NULL ? id : "?", name != NULL ? name : "no name");

    /* A screen with its own bar model may have other nav items: release the buttons we no
     * longer show and make the new ones. The same items keep their buttons (the host keeps
     * their enabled state and colour up to date itself). */
    {
        char *ids = item_ids(b);
        if (ids == NULL || b->items == NULL || strcmp(ids, b->items) != 0) make_buttons(b);
        free(ids);
    }
    apply_look(b);
    apply_context_button(b);
    apply_layout(b);
}

/* The title to show (the host's string, valid during the call only: set_text copies it). */
static void bar_update_title(const pb_nav_bar_t *bar, const char *title) {
    bar_t *b = bar_of(bar);
    b->host->views->set_text(b->host, b->title, title);
    say(b, PB_LOG_INFO, "title %s", title != NULL ? title : "(none)");
}

/* Exactly this context button, or none; called after every screen change. The button may be
 * wider or narrower than the last one, so the bar is laid out again. */
static void bar_set_context_button(const pb_nav_bar_t *bar, pb_context_button_t button) {
    bar_t *b = bar_of(bar);
    if (button < PB_CONTEXT_BUTTON_NONE || button > PB_CONTEXT_BUTTON_CLOSE) button = PB_CONTEXT_BUTTON_NONE;
    b->context_kind = button;
    apply_context_button(b);
    apply_layout(b);
    say(b, PB_LOG_INFO, "context %s", context_name(button));
}

/* The bar view: the same view every time. The host (or a root's placement extension) puts it
 * in the window; the bar never moves it itself. */
static pb_view_t bar_view(const pb_nav_bar_t *bar) { return bar_of(bar)->root; }

/* The host has given the bar view this size (also the same size again): frame the parts. */
static void bar_layout(const pb_nav_bar_t *bar, double width, double height) {
    bar_t *b = bar_of(bar);
    b->width = width;
    b->height = height;
    apply_layout(b);
    say(b, PB_LOG_DEBUG, "layout %gx%g", width, height);
}

/* Last call: release what the bar owns. The host would release leftover views itself, but a
 * plugin that cleans up after itself is one `plugboard check` does not warn about. */
static void bar_destroy(const pb_nav_bar_t *bar) {
    bar_t *b = bar_of(bar);
    const pb_host_t *h = b->host;
    size_t i;
    say(b, PB_LOG_INFO, "destroy");
    release_buttons(b);
    /* PB_VIEW_NONE when init failed before making them: such a release is refused; skip it. */
    if (b->context != PB_VIEW_NONE) h->views->release(h, b->context);
    if (b->logo != PB_VIEW_NONE) h->views->release(h, b->logo);
    if (b->title != PB_VIEW_NONE) h->views->release(h, b->title);
    if (b->background != PB_VIEW_NONE) h->views->release(h, b->background);
    if (b->root != PB_VIEW_NONE) h->views->release(h, b->root);
    for (i = 0; i < sizeof b->context_texts / sizeof b->context_texts[0]; i++) free(b->context_texts[i]);
    free(b->items);
    free(b);
}

/* This bar answers no optional extension. [any-thread] */
static const void *bar_get_extension(const pb_nav_bar_t *bar, const char *extension_id) {
    (void)bar;
    (void)extension_id;
    return NULL;
}

/* ---------------------------------------------------------------------------------------- */
/* Descriptor, factory, entry                                                                  */
/* ---------------------------------------------------------------------------------------- */

/* Matched against the manifest's `identifier` / `api.class_name`. Constant: valid until the
 * last entry deinit, as the header asks. No PB_PLUGIN_FLAG_SCREEN: a bar is not a screen. */
static const pb_plugin_descriptor_t descriptor = {
    PB_VERSION_INIT, BAR_ID, "Navigation Bar (C example)", "Plugboard Examples", "1.0.0",
    "A navigation bar in C: context button, title or logo, the host's navigation buttons",
    PB_PLUGIN_KIND_NAV_BAR, 0};

static uint32_t factory_count(const pb_nav_bar_factory_t *factory) {
    (void)factory;
    return 1;
}

static const pb_plugin_descriptor_t *factory_descriptor(const pb_nav_bar_factory_t *factory, uint32_t index) {
    (void)factory;
    return index == 0 ? &descriptor : NULL;
}

/* Bars made so far, to number them. The host makes every call on its main thread, so a plain
 * counter is enough. */
static unsigned bars_created;

/* Step 1: allocate the instance. The host refuses every call made from here (the pb_host_t is
 * only kept for later), so nothing is built yet: init does that. The JSON models are not kept
 * either: plugboard.host.model answers for them from init on. NULL for an id this library does
 * not describe (the host then falls back to its default bar). */
static const pb_nav_bar_t *factory_create(const pb_nav_bar_factory_t *factory, const pb_host_t *host,
                                          const char *plugin_id, const char *plugin_json,
                                          const char *nav_bar_json) {
    bar_t *b;
    (void)factory;
    (void)plugin_json;
    (void)nav_bar_json;
    if (plugin_id == NULL || strcmp(plugin_id, BAR_ID) != 0) return NULL;
    b = calloc(1, sizeof *b);
    if (b == NULL) return NULL;
    b->host = host;
    b->number = ++bars_created;
    b->context_kind = PB_CONTEXT_BUTTON_NONE;
    b->title_font.size = 17;
    b->bar = (pb_nav_bar_t){&descriptor,     b,
                            bar_init,        bar_destroy,
                            bar_view,        bar_layout,
                            bar_customize,   bar_update_title,
                            bar_set_context_button, bar_get_extension};
    return &b->bar;
}

static const pb_nav_bar_factory_t factory = {factory_count, factory_descriptor, factory_create};

/* The library has no global state, so init and deinit only need to be balanced: nothing to
 * count. Neither may call the host. */
static bool entry_init(const pb_host_info_t *info) {
    (void)info;
    return true;
}

static void entry_deinit(void) {}

/* Only the navigation-bar factory; NULL for every other id (screens, roots, future kinds). */
static const void *entry_get_factory(const char *factory_id) {
    return factory_id != NULL && strcmp(factory_id, PB_NAV_BAR_FACTORY_ID) == 0 ? &factory : NULL;
}

/* The one exported symbol. */
PB_EXPORT const pb_plugin_entry_t plugboard_entry = {PB_VERSION_INIT, entry_init, entry_deinit, entry_get_factory};
