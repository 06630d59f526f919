/* mini_json.c — the strict JSON reader of mini_json.h: a recursive-descent parser whose
 * recursion is bounded by the depth limit, so hostile input can neither overflow the stack nor
 * read past the end of the text. */
#include "mini_json.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The parser's cursor over the NUL-terminated text, and how deep it is in arrays and objects. */
typedef struct mj_parser {
    const char *at;
    size_t depth;
    size_t max_depth;
} mj_parser_t;

static bool parse_value(mj_parser_t *parser, mj_value_t *out);

/* Frees what `value` owns (not `value` itself) and leaves it an empty null. */
static void clear_value(mj_value_t *value) {
    size_t i;
    if (value->items != NULL) {
        for (i = 0; i < value->count; i++) clear_value(&value->items[i]);
    }
    if (value->keys != NULL) {
        for (i = 0; i < value->count; i++) free(value->keys[i]);
    }
    free(value->items);
    free(value->keys);
    free(value->string);
    memset(value, 0, sizeof *value);
}

/* Skips the four JSON whitespace characters. */
static void skip_whitespace(mj_parser_t *parser) {
    while (*parser->at == ' ' || *parser->at == '\t' || *parser->at == '\n' || *parser->at == '\r') {
        parser->at++;
    }
}

/* Consumes `literal` (true, false, null) when the text continues with it. */
static bool consume_literal(mj_parser_t *parser, const char *literal) {
    size_t length = strlen(literal);
    if (strncmp(parser->at, literal, length) != 0) return false;
    parser->at += length;
    return true;
}

/* True for '0'...'9'. */
static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* Checks and skips a number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? */
static bool parse_number(mj_parser_t *parser) {
    const char *p = parser->at;
    if (*p == '-') p++;
    if (*p == '0') {
        p++;
    } else if (is_digit(*p)) {
        while (is_digit(*p)) p++;
    } else {
        return false;
    }
    if (*p == '.') {
        p++;
        if (!is_digit(*p)) return false;
        while (is_digit(*p)) p++;
    }
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-') p++;
        if (!is_digit(*p)) return false;
        while (is_digit(*p)) p++;
    }
    parser->at = p;
    return true;
}

/* Reads four hexadecimal digits at `p` into `*out`. */
static bool read_hex4(const char *p, uint32_t *out) {
    uint32_t value = 0;
    int i;
    for (i = 0; i < 4; i++) {
        char c = p[i];
        value <<= 4;
        if (c >= '0' && c <= '9') {
            value |= (uint32_t)(c - '0');
        } else if (c >= 'a' && c <= 'f') {
            value |= (uint32_t)(c - 'a' + 10);
        } else if (c >= 'A' && c <= 'F') {
            value |= (uint32_t)(c - 'A' + 10);
        } else {
            return false; /* also stops at the terminating NUL */
        }
    }
    *out = value;
    return true;
}

/* Appends the UTF-8 encoding of `code` (at most U+10FFFF) at `out`; returns the bytes written. */
static size_t put_utf8(char *out, uint32_t code) {
    if (code < 0x80) {
        out[0] = (char)code;
        return 1;
    }
    if (code < 0x800) {
        out[0] = (char)(0xC0 | (code >> 6));
        out[1] = (char)(0x80 | (code & 0x3F));
        return 2;
    }
    if (code < 0x10000) {
        out[0] = (char)(0xE0 | (code >> 12));
        out[1] = (char)(0x80 | ((code >> 6) & 0x3F));
        out[2] = (char)(0x80 | (code & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (code >> 18));
    out[1] = (char)(0x80 | ((code >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((code >> 6) & 0x3F));
    out[3] = (char)(0x80 | (code & 0x3F));
    return 4;
}

/* Decodes the escape after a backslash at `*in` (pointing at the letter) into `out`, advancing
 * `*in` past it. Returns the bytes written, or 0 for an invalid escape. A decoded escape is never
 * longer than its source text, so the caller's buffer of the raw length always suffices. */
static size_t decode_escape(const char **in, char *out) {
    const char *p = *in;
    uint32_t code;
    size_t written = 1;
    switch (*p) {
    case '"': *out = '"'; break;
    case '\\': *out = '\\'; break;
    case '/': *out = '/'; break;
    case 'b': *out = '\b'; break;
    case 'f': *out = '\f'; break;
    case 'n': *out = '\n'; break;
    case 'r': *out = '\r'; break;
    case 't': *out = '\t'; break;
    case 'u':
        if (!read_hex4(p + 1, &code)) return 0;
        p += 4;
        if (code >= 0xD800 && code <= 0xDBFF) {
            uint32_t low;
            /* A high surrogate joins a following \uDC00-\uDFFF; alone it becomes U+FFFD. */
            if (p[1] == '\\' && p[2] == 'u' && read_hex4(p + 3, &low) && low >= 0xDC00 && low <= 0xDFFF) {
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                p += 6;
            } else {
                code = 0xFFFD;
            }
        } else if ((code >= 0xDC00 && code <= 0xDFFF) || code == 0) {
            code = 0xFFFD; /* a lone low surrogate; NUL would cut the C string short */
        }
        written = put_utf8(out, code);
        break;
    default:
        return 0;
    }
    *in = p + 1;
    return written;
}

/* Parses a string starting at its opening quote into a new NUL-terminated buffer. */
static bool parse_string(mj_parser_t *parser, char **out) {
    const char *start = parser->at + 1;
    const char *p = start;
    char *buffer;
    size_t length = 0;

    /* First pass: find the closing quote and refuse raw control characters. */
    while (*p != '"') {
        unsigned char c = (unsigned char)*p;
        if (c == '\0' || c < 0x20) return false;
        if (c == '\\') {
            p++;
            if (*p == '\0') return false;
        }
        p++;
    }
    buffer = malloc((size_t)(p - start) + 1);
    if (buffer == NULL) return false;

    /* Second pass: copy and decode. */
    p = start;
    while (*p != '"') {
        if (*p == '\\') {
            size_t written;
            p++;
            written = decode_escape(&p, buffer + length);
            if (written == 0) {
                free(buffer);
                return false;
            }
            length += written;
        } else {
            buffer[length++] = *p++;
        }
    }
    buffer[length] = '\0';
    parser->at = p + 1;
    *out = buffer;
    return true;
}

/* Makes room for one more element (and key, for objects) in `value`. */
static bool reserve_one(mj_value_t *value, size_t *capacity, bool with_keys) {
    size_t next;
    mj_value_t *items;
    if (value->count < *capacity) return true;
    next = *capacity == 0 ? 4 : *capacity * 2;
    if (next < *capacity || next > SIZE_MAX / sizeof(mj_value_t)) return false;
    items = realloc(value->items, next * sizeof *items);
    if (items == NULL) return false;
    value->items = items;
    if (with_keys) {
        char **keys = realloc(value->keys, next * sizeof *keys);
        if (keys == NULL) return false;
        value->keys = keys;
    }
    *capacity = next;
    return true;
}

/* Parses an array starting at '['. On failure the partial array stays in `out` for the caller
 * to clear. */
static bool parse_array(mj_parser_t *parser, mj_value_t *out) {
    size_t capacity = 0;
    out->kind = MJ_ARRAY;
    parser->at++;
    skip_whitespace(parser);
    if (*parser->at == ']') {
        parser->at++;
        return true;
    }
    for (;;) {
        if (!reserve_one(out, &capacity, false)) return false;
        memset(&out->items[out->count], 0, sizeof out->items[0]);
        out->count++;
        if (!parse_value(parser, &out->items[out->count - 1])) return false;
        skip_whitespace(parser);
        if (*parser->at == ',') {
            parser->at++;
            continue;
        }
        if (*parser->at == ']') {
            parser->at++;
            return true;
        }
        return false;
    }
}

/* Parses an object starting at '{'. On failure the partial object stays in `out` for the
 * caller to clear. */
static bool parse_object(mj_parser_t *parser, mj_value_t *out) {
    size_t capacity = 0;
    out->kind = MJ_OBJECT;
    parser->at++;
    skip_whitespace(parser);
    if (*parser->at == '}') {
        parser->at++;
        return true;
    }
    for (;;) {
        char *key = NULL;
        skip_whitespace(parser);
        if (*parser->at != '"' || !parse_string(parser, &key)) return false;
        if (!reserve_one(out, &capacity, true)) {
            free(key);
            return false;
        }
        out->keys[out->count] = key;
        memset(&out->items[out->count], 0, sizeof out->items[0]);
        out->count++;
        skip_whitespace(parser);
        if (*parser->at != ':') return false;
        parser->at++;
        if (!parse_value(parser, &out->items[out->count - 1])) return false;
        skip_whitespace(parser);
        if (*parser->at == ',') {
            parser->at++;
            continue;
        }
        if (*parser->at == '}') {
            parser->at++;
            return true;
        }
        return false;
    }
}

/* Parses any value (after optional whitespace) into `out`, which must be zeroed. */
static bool parse_value(mj_parser_t *parser, mj_value_t *out) {
    bool ok;
    skip_whitespace(parser);
    switch (*parser->at) {
    case '{':
    case '[':
        if (parser->depth >= parser->max_depth) return false;
        parser->depth++;
        ok = *parser->at == '{' ? parse_object(parser, out) : parse_array(parser, out);
        parser->depth--;
        return ok;
    case '"':
        out->kind = MJ_STRING;
        return parse_string(parser, &out->string);
    case 't':
        out->kind = MJ_BOOL;
        out->boolean = true;
        return consume_literal(parser, "true");
    case 'f':
        out->kind = MJ_BOOL;
        return consume_literal(parser, "false");
    case 'n':
        out->kind = MJ_NULL;
        return consume_literal(parser, "null");
    default:
        out->kind = MJ_NUMBER;
        return parse_number(parser);
    }
}

/* See mini_json.h. */
mj_value_t *mj_parse(const char *text, size_t max_depth) {
    mj_parser_t parser;
    mj_value_t *root;
    if (text == NULL) return NULL;
    root = calloc(1, sizeof *root);
    if (root == NULL) return NULL;
    parser.at = text;
    parser.depth = 0;
    parser.max_depth = max_depth;
    if (!parse_value(&parser, root)) {
        mj_free(root);
        return NULL;
    }
    skip_whitespace(&parser);
    if (*parser.at != '\0') {
        mj_free(root);
        return NULL;
    }
    return root;
}

/* See mini_json.h. */
void mj_free(mj_value_t *value) {
    if (value == NULL) return;
    clear_value(value);
    free(value);
}

/* See mini_json.h. */
const mj_value_t *mj_member(const mj_value_t *object, const char *key) {
    size_t i;
    if (object == NULL || object->kind != MJ_OBJECT || key == NULL) return NULL;
    for (i = 0; i < object->count; i++) {
        if (strcmp(object->keys[i], key) == 0) return &object->items[i];
    }
    return NULL;
}

/* See mini_json.h. */
const char *mj_string_member(const mj_value_t *object, const char *key) {
    const mj_value_t *value = mj_member(object, key);
    return value != NULL && value->kind == MJ_STRING ? value->string : NULL;
}
