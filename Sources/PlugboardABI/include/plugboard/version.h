/* plugboard/version.h — the ABI version carried by every self-describing struct. */
#ifndef PLUGBOARD_VERSION_H
#define PLUGBOARD_VERSION_H

#include "macros.h"

PB_EXTERN_C_BEGIN

/*
 * A semantic version of the ABI.
 *  - major: incompatible changes. The host refuses a plugin whose major differs from its own,
 *           before running any plugin code beyond reading the entry struct.
 *  - minor: compatible additions (new functions appended to structs, new extensions). A newer
 *           or older minor loads; each side calls only what both sides have.
 *  - patch: fixes and documentation; never changes the layout.
 */
typedef struct pb_version {
    uint32_t major;
    uint32_t minor;
    uint32_t patch;
} pb_version_t;

#define PB_VERSION_MAJOR 1u
/* 1.1: plugboard.host.navigation (plugboard/navigation.h), plugboard.ext.attributes
 *      (plugboard/ext/attributes.h).
 * 1.2: plugboard.host.model (plugboard/model.h), plugboard.host.screen-bar
 *      (plugboard/screen_bar.h), plugboard.ext.custom-bar (plugboard/ext/custom_bar.h),
 *      plugboard.ext.gesture-navigation (plugboard/ext/gesture.h), plugboard.ext.transition
 *      (plugboard/ext/transition.h), the customization helper's is_translucent and
 *      prefers_large_title.
 * 1.3: plugboard.ext.placement's place_nav_bar_in with the bar's area (pb_nav_bar_area_t).
 * 1.4: plugboard.host.routing (plugboard/routing.h).
 * 1.5: plugboard.host.routes (plugboard/routes.h). */
#define PB_VERSION_MINOR 5u
#define PB_VERSION_PATCH 0u

/* The version the header was compiled with; plugins put it in their entry and descriptors. */
#define PB_VERSION_INIT {PB_VERSION_MAJOR, PB_VERSION_MINOR, PB_VERSION_PATCH}

/* True when a struct stamped with `v` can be used by code compiled against this header. */
static inline bool pb_version_is_compatible(pb_version_t v) {
    return v.major == PB_VERSION_MAJOR;
}

PB_EXTERN_C_END

#endif /* PLUGBOARD_VERSION_H */
