/* corpus_nav_items.h — a tiny JSON scanner for the bar template: the string values of the `id`
 * members of the objects in the top-level `nav_items` array of a `nav_bar` navigation, e.g.
 *
 *     {"id": "nav-1", "category": "nav_bar", "nav_items": [{"id": "42", ...}, {"id": "43"}]}
 *
 * gives "42", "43" (the navigation's own "id" and ids nested deeper are not nav items of the bar).
 *
 *   size_t corpus_nav_item_ids(const char *json, char **ids, size_t max)
 *
 * copies (malloc) at most `max` ids into `ids` and returns how many it copied. It never fails
 * hard: malformed JSON, a missing `nav_items` or a NULL `json` stop the scan and keep what was
 * found so far. Escapes are decoded (\uXXXX, with surrogate pairs, to UTF-8). Nesting deeper
 * than CORPUS_JSON_MAX_DEPTH stops the scan.
 */
#ifndef CORPUS_NAV_ITEMS_H
#define CORPUS_NAV_ITEMS_H

#include "corpus_common.h"

#define CORPUS_JSON_MAX_DEPTH 64

static inline void corpus_json_space(const char **p) {
    while (**p == ' ' || **p == '\t' || **p == '\n' || **p == '\r') (*p)++;
}

/* The value of 4 hex digits at `p`, or -1. */
static inline long corpus_json_hex4(const char *p) {
    long value = 0;
    int i;
    for (i = 0; i < 4; i++) {
        char c = p[i];
        int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                  : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (digit < 0) return -1;
        value = value * 16 + digit;
    }
    return value;
}

/* Reads the string at `*p` (which must be at '"'), advancing past it. With `out` non-NULL, also
 * decodes it into a new malloc'd string stored in *out. False when malformed or out of memory. */
static inline bool corpus_json_string(const char **p, char **out) {
    const char *start = *p + 1, *s;
    char *text = NULL;
    size_t length = 0;
    if (**p != '"') return false;
    for (s = start; *s != '"'; s++) {
        if (*s == '\0') return false;
        if (*s == '\\' && s[1] != '\0') s++;
    }
    if (out != NULL) {
        /* Decoded text is never longer than the raw text (\uXXXX: 6 bytes for at most 3, a
         * surrogate pair: 12 bytes for 4). */
        text = malloc((size_t)(s - start) + 1);
        if (text == NULL) return false;
    }
    for (s = start; *s != '"'; s++) {
        unsigned long code;
        if (*s != '\\') {
            if (text != NULL) text[length++] = *s;
            continue;
        }
        s++;
        switch (*s) {
        case '"': case '\\': case '/': code = (unsigned char)*s; break;
        case 'b': code = '\b'; break;
        case 'f': code = '\f'; break;
        case 'n': code = '\n'; break;
        case 'r': code = '\r'; break;
        case 't': code = '\t'; break;
        case 'u': {
            long high = corpus_json_hex4(s + 1);
            if (high < 0) goto malformed;
            s += 4;
            code = (unsigned long)high;
            if (high >= 0xD800 && high <= 0xDBFF) {
                long low = s[1] == '\\' && s[2] == 'u' ? corpus_json_hex4(s + 3) : -1;
                if (low < 0xDC00 || low > 0xDFFF) goto malformed;
                s += 6;
                code = 0x10000ul + (((unsigned long)high - 0xD800ul) << 10) + ((unsigned long)low - 0xDC00ul);
            } else if (high >= 0xDC00 && high <= 0xDFFF) {
                goto malformed;
            }
            break;
        }
        default: goto malformed;
        }
        if (text == NULL) continue;
        if (code < 0x80) {
            text[length++] = (char)code;
        } else if (code < 0x800) {
            text[length++] = (char)(0xC0 | (code >> 6));
            text[length++] = (char)(0x80 | (code & 0x3F));
        } else if (code < 0x10000) {
            text[length++] = (char)(0xE0 | (code >> 12));
            text[length++] = (char)(0x80 | ((code >> 6) & 0x3F));
            text[length++] = (char)(0x80 | (code & 0x3F));
        } else {
            text[length++] = (char)(0xF0 | (code >> 18));
            text[length++] = (char)(0x80 | ((code >> 12) & 0x3F));
            text[length++] = (char)(0x80 | ((code >> 6) & 0x3F));
            text[length++] = (char)(0x80 | (code & 0x3F));
        }
    }
    *p = s + 1;
    if (out != NULL) {
        text[length] = '\0';
        *out = text;
    }
    return true;
malformed:
    free(text);
    return false;
}

/* Skips the value at `*p` (any JSON value), advancing past it. False when malformed. */
static inline bool corpus_json_skip(const char **p, int depth) {
    corpus_json_space(p);
    if (depth > CORPUS_JSON_MAX_DEPTH) return false;
    if (**p == '"') return corpus_json_string(p, NULL);
    if (**p == '{' || **p == '[') {
        char close = **p == '{' ? '}' : ']';
        bool object = close == '}';
        (*p)++;
        corpus_json_space(p);
        if (**p == close) {
            (*p)++;
            return true;
        }
        for (;;) {
            if (object) {
                corpus_json_space(p);
                if (!corpus_json_string(p, NULL)) return false;
                corpus_json_space(p);
                if (**p != ':') return false;
                (*p)++;
            }
            if (!corpus_json_skip(p, depth + 1)) return false;
            corpus_json_space(p);
            if (**p == ',') {
                (*p)++;
                continue;
            }
            if (**p != close) return false;
            (*p)++;
            return true;
        }
    }
    /* A number, true, false or null: letters, digits, sign, point, exponent. */
    {
        const char *start = *p;
        while ((**p >= '0' && **p <= '9') || (**p >= 'a' && **p <= 'z') || **p == '-' || **p == '+' ||
               **p == '.' || **p == 'E') {
            (*p)++;
        }
        return *p != start;
    }
}

/* Reads the key of an object member at `*p` and the ':' after it; *key is a new string. */
static inline bool corpus_json_key(const char **p, char **key) {
    corpus_json_space(p);
    if (!corpus_json_string(p, key)) return false;
    corpus_json_space(p);
    if (**p != ':') {
        free(*key);
        *key = NULL;
        return false;
    }
    (*p)++;
    return true;
}

/* Copies the `id` of the nav item object at `*p` into ids[*count] (when there is room). */
static inline bool corpus_json_nav_item(const char **p, char **ids, size_t max, size_t *count) {
    corpus_json_space(p);
    if (**p != '{') return corpus_json_skip(p, 2); /* not an object: not a nav item */
    (*p)++;
    corpus_json_space(p);
    if (**p == '}') {
        (*p)++;
        return true;
    }
    for (;;) {
        char *key = NULL;
        bool is_id;
        if (!corpus_json_key(p, &key)) return false;
        is_id = strcmp(key, "id") == 0;
        free(key);
        corpus_json_space(p);
        if (is_id && **p == '"' && *count < max) {
            char *id = NULL;
            if (!corpus_json_string(p, &id)) return false;
            ids[(*count)++] = id;
        } else if (!corpus_json_skip(p, 3)) {
            return false;
        }
        corpus_json_space(p);
        if (**p == ',') {
            (*p)++;
            continue;
        }
        if (**p != '}') return false;
        (*p)++;
        return true;
    }
}

static inline size_t corpus_nav_item_ids(const char *json, char **ids, size_t max) {
    const char *p = json;
    size_t count = 0;
    if (json == NULL) return 0;
    corpus_json_space(&p);
    if (*p != '{') return 0;
    p++;
    corpus_json_space(&p);
    if (*p == '}') return 0;
    for (;;) {
        char *key = NULL;
        bool is_items;
        if (!corpus_json_key(&p, &key)) return count;
        is_items = strcmp(key, "nav_items") == 0;
        free(key);
        corpus_json_space(&p);
        if (is_items && *p == '[') {
            p++;
            corpus_json_space(&p);
            if (*p == ']') {
                p++;
            } else {
                for (;;) {
                    if (!corpus_json_nav_item(&p, ids, max, &count)) return count;
                    corpus_json_space(&p);
                    if (*p == ',') {
                        p++;
                        continue;
                    }
                    if (*p != ']') return count;
                    p++;
                    break;
                }
            }
        } else if (!corpus_json_skip(&p, 1)) {
            return count;
        }
        corpus_json_space(&p);
        if (*p == ',') {
            p++;
            continue;
        }
        return count; /* '}' (done) or malformed */
    }
}

#endif /* CORPUS_NAV_ITEMS_H */
