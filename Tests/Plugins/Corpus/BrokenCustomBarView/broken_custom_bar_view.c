/* BrokenCustomBarView — breaks ext/custom_bar.h's `bar_view` ("a view the screen owns, stable
 * while the screen lives"): each call makes a new label and releases the one it returned before
 * (the last one is released by destroy, so none leaks).
 * Expected: screen.custom-bar fails, nothing else. */
#include <plugboard.h>
#include <plugboard/ext/custom_bar.h>
#include <string.h>

#define CORPUS_PLUGIN_ID "broken_custom_bar_view"
#define CORPUS_PLUGIN_NAME "Broken Custom Bar View"
#define CORPUS_DESCRIPTION "bar_view returns a new view every time"

static pb_view_t broken_bar_view(const pb_screen_t *screen);

static const pb_screen_custom_bar_t broken_custom_bar = {broken_bar_view, NULL, NULL};

#define CORPUS_GET_EXTENSION(state, id) \
    ((void)(state), strcmp((id), PB_EXT_CUSTOM_BAR) == 0 ? (const void *)&broken_custom_bar : NULL)
#include "../Common/corpus_screen.h"

static pb_view_t broken_bar_view(const pb_screen_t *screen) {
    corpus_screen_state_t *state = corpus_screen_state(screen);
    const pb_host_t *host = state->host;
    pb_view_t view = host->views->create(host, PB_VIEW_LABEL);
    if (state->extra_view != PB_VIEW_NONE) host->views->release(host, state->extra_view);
    state->extra_view = view;
    return view;
}
