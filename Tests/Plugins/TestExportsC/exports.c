/* TestExportsC — a library with one dynamic export per type of the signature grammar, for the
 * libffi call path. It also has a minimal screen so it is a valid plugin library. */
#include <plugboard.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct pair {
    int32_t count;
    double weight;
} pair_t;

typedef struct rgb {
    uint8_t r;
    uint8_t g;
    uint8_t b;
    bool opaque;
} rgb_t;

static int calls;

PB_EXPORT void ex_touch(void) { calls++; }
PB_EXPORT int32_t ex_calls(void) { return calls; }
PB_EXPORT bool ex_not(bool value) { return !value; }
PB_EXPORT int8_t ex_i8(int8_t value) { return (int8_t)(value - 1); }
PB_EXPORT int16_t ex_i16(int16_t value) { return (int16_t)(value * 2); }
PB_EXPORT int32_t ex_add(int32_t a, int32_t b) { return a + b; }
PB_EXPORT int64_t ex_i64(int64_t value) { return value; }
PB_EXPORT uint8_t ex_u8(uint8_t value) { return (uint8_t)(value + 1); }
PB_EXPORT uint16_t ex_u16(uint16_t value) { return value; }
PB_EXPORT uint32_t ex_u32(uint32_t value) { return value; }
PB_EXPORT uint64_t ex_u64(uint64_t value) { return value; }
PB_EXPORT float ex_half(float value) { return value / 2; }
PB_EXPORT double ex_mix(int8_t a, double b, float c, uint64_t d) { return a + b + c + (double)d; }

/* cstr in and out: the result is owned by the library, valid until the next call. */
PB_EXPORT const char *ex_upper(const char *text) {
    static char buffer[256];
    size_t i;
    for (i = 0; text[i] != '\0' && i < sizeof buffer - 1; i++) buffer[i] = (char)toupper((unsigned char)text[i]);
    buffer[i] = '\0';
    return buffer;
}

PB_EXPORT const char *ex_null_string(void) { return NULL; }

/* json in and out: wraps the argument. */
PB_EXPORT const char *ex_wrap(const char *json) {
    static char buffer[1024];
    snprintf(buffer, sizeof buffer, "{\"got\":%s,\"length\":%zu}", json, strlen(json));
    return buffer;
}

PB_EXPORT const char *ex_bad_json(void) { return "{not json"; }

/* ptr: an opaque object the host can only pass back. */
PB_EXPORT void *ex_box(int32_t value) {
    int32_t *box = malloc(sizeof *box);
    if (box != NULL) *box = value;
    return box;
}

PB_EXPORT int32_t ex_unbox(const void *box) { return box == NULL ? -1 : *(const int32_t *)box; }

/* structs by value, in and out. */
PB_EXPORT pair_t ex_scale(pair_t pair, double factor) {
    pair_t result = {pair.count * 2, pair.weight * factor};
    return result;
}

PB_EXPORT rgb_t ex_invert(rgb_t color) {
    rgb_t result = {(uint8_t)(255 - color.r), (uint8_t)(255 - color.g), (uint8_t)(255 - color.b), !color.opaque};
    return result;
}

/* Re-entry: ex_reenter(n) calls back into the host while the host's call into it is in progress,
 * through a function the test sets (standing in for a saved host's invoke extension), which
 * calls ex_reenter(n - 1) again: n + (n - 1) + ... + 0. */
static int32_t (*reentry)(int32_t);

PB_EXPORT void test_exports_set_reentry(int32_t (*callback)(int32_t)) { reentry = callback; }

PB_EXPORT int32_t ex_reenter(int32_t depth) {
    int32_t inner = depth > 0 && reentry != NULL ? reentry(depth - 1) : 0;
    return depth + inner;
}

/* A plain plugin, so the library has an entry and a factory. */
static const pb_plugin_descriptor_t descriptor = {
    PB_VERSION_INIT, "test.exports", "Exports", NULL, "1.0.0", NULL, PB_PLUGIN_KIND_SCREEN, PB_PLUGIN_FLAG_SCREEN};

static uint32_t count(const pb_screen_factory_t *factory) {
    (void)factory;
    return 1;
}

static const pb_plugin_descriptor_t *get_descriptor(const pb_screen_factory_t *factory, uint32_t index) {
    (void)factory;
    return index == 0 ? &descriptor : NULL;
}

static const pb_screen_t *create(const pb_screen_factory_t *factory, const pb_host_t *host, const char *id,
                                 const char *plugin_json, const char *screen_json, const char *data_source) {
    (void)factory;
    (void)host;
    (void)id;
    (void)plugin_json;
    (void)screen_json;
    (void)data_source;
    return NULL;
}

static const pb_screen_factory_t factory = {count, get_descriptor, create};

static bool entry_init(const pb_host_info_t *info) {
    (void)info;
    return true;
}

static void entry_deinit(void) {}

static const void *get_factory(const char *id) { return strcmp(id, PB_SCREEN_FACTORY_ID) == 0 ? &factory : NULL; }

PB_EXPORT const pb_plugin_entry_t plugboard_entry = {PB_VERSION_INIT, entry_init, entry_deinit, get_factory};
