/* mini_json.h — a tiny, strict JSON reader for the side menu's data source.
 *
 * It parses a whole UTF-8 JSON text (RFC 8259) into a small tree and refuses anything else:
 * trailing commas, comments, single quotes, bad escapes, raw control characters in strings,
 * nesting deeper than the limit given, and text after the value. Numbers are checked but not
 * kept (the menu never needs them). Strings are decoded: every escape, `\uXXXX` included, with
 * surrogate pairs joined; a lone surrogate or an escaped NUL becomes U+FFFD, so that decoded
 * strings are always NUL-terminated C strings. Other bytes are copied as they are.
 *
 * Nothing here calls the host; every function is pure C11 and never crashes on bad input.
 */
#ifndef SIDE_MENU_MINI_JSON_H
#define SIDE_MENU_MINI_JSON_H

#include <stdbool.h>
#include <stddef.h>

/* Keeps the reader's symbols out of the library's exported ones (only `plugboard_entry` is). */
#if defined(__GNUC__) || defined(__clang__)
#define MJ_INTERNAL __attribute__((visibility("hidden")))
#else
#define MJ_INTERNAL
#endif

/* The kinds of JSON value. */
typedef enum mj_kind {
    MJ_NULL = 0,
    MJ_BOOL,
    MJ_NUMBER,
    MJ_STRING,
    MJ_ARRAY,
    MJ_OBJECT,
} mj_kind_t;

/* One JSON value. Arrays and objects own their elements; objects keep their members in order,
 * duplicates included (lookups answer the first). */
typedef struct mj_value {
    mj_kind_t kind;
    bool boolean;           /* MJ_BOOL */
    char *string;           /* MJ_STRING: the decoded text, NUL-terminated */
    size_t count;           /* MJ_ARRAY, MJ_OBJECT: number of elements or members */
    char **keys;            /* MJ_OBJECT: the member names, decoded */
    struct mj_value *items; /* MJ_ARRAY: the elements; MJ_OBJECT: the member values */
} mj_value_t;

/* Parses `text` (NUL-terminated). Arrays and objects may nest `max_depth` levels at most.
 * Returns a tree to free with `mj_free`, or NULL when the text is not one valid JSON value
 * (or memory ran out). */
MJ_INTERNAL mj_value_t *mj_parse(const char *text, size_t max_depth);

/* Frees a tree returned by `mj_parse`. NULL is ignored. */
MJ_INTERNAL void mj_free(mj_value_t *value);

/* The value of the first member named `key` of `object`, or NULL when `object` is not an object
 * or has no such member. */
MJ_INTERNAL const mj_value_t *mj_member(const mj_value_t *object, const char *key);

/* The text of the member `key` when it is a string, else NULL. */
MJ_INTERNAL const char *mj_string_member(const mj_value_t *object, const char *key);

#endif /* SIDE_MENU_MINI_JSON_H */
