/* BrokenStaleModelString — breaks model.h's lifetime rule ("strings are the host's, valid until
 * that model changes: a bar's next customize_for_screen with another model"): it shows its
 * first nav item's title as a subtitle, keeping the pointer plugboard.host.model returned
 * instead of a copy, and shows it again at every layout, after the model it came from is gone.
 * Expected: the model test and the walk through screens find the overwritten string. */
#include <plugboard.h>

#define CORPUS_PLUGIN_ID "broken_stale_model_string"
#define CORPUS_PLUGIN_NAME "Broken Stale Model String"
#define CORPUS_DESCRIPTION "keeps a model string past its model"

struct corpus_bar_state;
static void show_subtitle(struct corpus_bar_state *state);
static pb_view_t subtitle;
static const char *first_item_title; /* the fault: the host's string, not a copy */
#define CORPUS_ON_INIT(state) (subtitle = PB_VIEW_NONE, first_item_title = NULL)
#define CORPUS_ON_LAYOUT(state) show_subtitle(state)
#define CORPUS_ON_DESTROY(state) \
    if (subtitle != PB_VIEW_NONE) (state)->host->views->release((state)->host, subtitle)
#include "../Common/corpus_bar.h"

static void show_subtitle(corpus_bar_state_t *state) {
    const pb_host_t *host = state->host;
    const pb_host_model_t *model = host->get_extension(host, PB_HOST_EXT_MODEL);
    pb_rect_t frame = {0, 30, 200, 14};
    if (model == NULL) return;
    if (subtitle == PB_VIEW_NONE) {
        subtitle = host->views->create(host, PB_VIEW_LABEL);
        host->views->add_child(host, state->root, subtitle);
    }
    if (first_item_title == NULL) first_item_title = model->string(host, PB_MODEL_NAV_BAR, "nav_items[0].title");
    host->views->set_frame(host, subtitle, frame);
    host->views->set_text(host, subtitle, first_item_title);
}
