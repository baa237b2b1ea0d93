/* A JSON parser and pretty printer: builds a tree of tagged unions from stdin, reports syntax
   errors with line and column, prints it re-indented (keys optionally sorted), computes
   statistics and answers path queries like  .store.books[1].title
   usage: json_pp [-i INDENT] [-s] [-c] [PATH...]   (-s sort keys, -c compact output) */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum jtype { J_NULL, J_FALSE, J_TRUE, J_NUMBER, J_STRING, J_ARRAY, J_OBJECT };

struct jvalue;

struct jmember {
    char *key;
    struct jvalue *value;
};

struct jvalue {
    enum jtype type;
    union {
        double number;
        char *string;
        struct {
            struct jvalue **items;
            int count;
        } array;
        struct {
            struct jmember *members;
            int count;
        } object;
    } u;
};

struct parser {
    const char *text;
    size_t pos;
    int line, col;
    char error[96];
    int depth, max_depth;
};

struct jstats {
    int counts[7];
    int max_depth;
    long string_bytes;
};

static const char *type_names[] = {"null", "false", "true", "number", "string", "array", "object"};

static struct jvalue *parse_value(struct parser *p);

static int peek(struct parser *p) { return (unsigned char)p->text[p->pos]; }

static int advance(struct parser *p)
{
    int c = peek(p);
    if (c == '\0')
        return c;
    p->pos++;
    if (c == '\n') {
        p->line++;
        p->col = 1;
    } else {
        p->col++;
    }
    return c;
}

static void skip_ws(struct parser *p)
{
    while (peek(p) == ' ' || peek(p) == '\t' || peek(p) == '\n' || peek(p) == '\r')
        advance(p);
}

static void fail(struct parser *p, const char *msg)
{
    if (!p->error[0])
        snprintf(p->error, sizeof p->error, "line %d col %d: %s", p->line, p->col, msg);
}

static struct jvalue *new_value(enum jtype t)
{
    struct jvalue *v = calloc(1, sizeof *v);
    v->type = t;
    return v;
}

static void free_value(struct jvalue *v)
{
    if (!v)
        return;
    switch (v->type) {
    case J_STRING: free(v->u.string); break;
    case J_ARRAY:
        for (int i = 0; i < v->u.array.count; i++)
            free_value(v->u.array.items[i]);
        free(v->u.array.items);
        break;
    case J_OBJECT:
        for (int i = 0; i < v->u.object.count; i++) {
            free(v->u.object.members[i].key);
            free_value(v->u.object.members[i].value);
        }
        free(v->u.object.members);
        break;
    default: break;
    }
    free(v);
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = tolower(c);
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

static char *parse_string_raw(struct parser *p)
{
    size_t cap = 16, len = 0;
    char *s = malloc(cap);
    advance(p); /* opening quote */
    for (;;) {
        int c = advance(p);
        if (c == '\0' || c == '\n') {
            fail(p, "unterminated string");
            free(s);
            return NULL;
        }
        if (c == '"')
            break;
        if (c == '\\') {
            int e = advance(p);
            switch (e) {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case '/': c = '/'; break;
            case '\\': c = '\\'; break;
            case '"': c = '"'; break;
            case 'u': {
                int code = 0;
                for (int i = 0; i < 4; i++) {
                    int h = hexval(advance(p));
                    if (h < 0) {
                        fail(p, "bad \\u escape");
                        free(s);
                        return NULL;
                    }
                    code = code * 16 + h;
                }
                c = code < 128 ? code : '?';
                break;
            }
            default:
                fail(p, "bad escape");
                free(s);
                return NULL;
            }
        }
        if (len + 2 > cap) {
            cap *= 2;
            s = realloc(s, cap);
        }
        s[len++] = (char)c;
    }
    s[len] = '\0';
    return s;
}

static struct jvalue *parse_number(struct parser *p)
{
    const char *start = p->text + p->pos;
    char *end;
    double d = strtod(start, &end);
    if (end == start || (*start == '0' && isdigit((unsigned char)start[1]))) {
        fail(p, "bad number");
        return NULL;
    }
    while (p->text + p->pos < end)
        advance(p);
    struct jvalue *v = new_value(J_NUMBER);
    v->u.number = d;
    return v;
}

static int match_word(struct parser *p, const char *w)
{
    size_t n = strlen(w);
    if (strncmp(p->text + p->pos, w, n) != 0)
        return 0;
    for (size_t i = 0; i < n; i++)
        advance(p);
    return 1;
}

static struct jvalue *parse_array(struct parser *p)
{
    struct jvalue *v = new_value(J_ARRAY);
    int cap = 0;
    advance(p);
    skip_ws(p);
    if (peek(p) == ']') {
        advance(p);
        return v;
    }
    for (;;) {
        struct jvalue *item = parse_value(p);
        if (!item) {
            free_value(v);
            return NULL;
        }
        if (v->u.array.count == cap) {
            cap = cap ? cap * 2 : 4;
            v->u.array.items = realloc(v->u.array.items, sizeof(struct jvalue *) * (size_t)cap);
        }
        v->u.array.items[v->u.array.count++] = item;
        skip_ws(p);
        int c = advance(p);
        if (c == ']')
            return v;
        if (c != ',') {
            fail(p, "expected ',' or ']'");
            free_value(v);
            return NULL;
        }
    }
}

static struct jvalue *parse_object(struct parser *p)
{
    struct jvalue *v = new_value(J_OBJECT);
    int cap = 0;
    advance(p);
    skip_ws(p);
    if (peek(p) == '}') {
        advance(p);
        return v;
    }
    for (;;) {
        skip_ws(p);
        if (peek(p) != '"') {
            fail(p, "expected string key");
            free_value(v);
            return NULL;
        }
        char *key = parse_string_raw(p);
        if (!key) {
            free_value(v);
            return NULL;
        }
        skip_ws(p);
        if (advance(p) != ':') {
            fail(p, "expected ':'");
            free(key);
            free_value(v);
            return NULL;
        }
        struct jvalue *item = parse_value(p);
        if (!item) {
            free(key);
            free_value(v);
            return NULL;
        }
        if (v->u.object.count == cap) {
            cap = cap ? cap * 2 : 4;
            v->u.object.members =
                realloc(v->u.object.members, sizeof(struct jmember) * (size_t)cap);
        }
        v->u.object.members[v->u.object.count].key = key;
        v->u.object.members[v->u.object.count].value = item;
        v->u.object.count++;
        skip_ws(p);
        int c = advance(p);
        if (c == '}')
            return v;
        if (c != ',') {
            fail(p, "expected ',' or '}'");
            free_value(v);
            return NULL;
        }
    }
}

static struct jvalue *parse_value(struct parser *p)
{
    skip_ws(p);
    if (++p->depth > p->max_depth)
        p->max_depth = p->depth;
    if (p->depth > 64) {
        fail(p, "nesting too deep");
        return NULL;
    }
    struct jvalue *v = NULL;
    int c = peek(p);
    if (c == '{')
        v = parse_object(p);
    else if (c == '[')
        v = parse_array(p);
    else if (c == '"') {
        char *s = parse_string_raw(p);
        if (s) {
            v = new_value(J_STRING);
            v->u.string = s;
        }
    } else if (c == '-' || isdigit(c))
        v = parse_number(p);
    else if (match_word(p, "true"))
        v = new_value(J_TRUE);
    else if (match_word(p, "false"))
        v = new_value(J_FALSE);
    else if (match_word(p, "null"))
        v = new_value(J_NULL);
    else
        fail(p, c ? "unexpected character" : "unexpected end of input");
    p->depth--;
    return v;
}

static void print_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c == '\n')
            fputs("\\n", stdout);
        else if (c == '\t')
            fputs("\\t", stdout);
        else if (c < 0x20)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

static void print_number(double d)
{
    if (d > -1e15 && d < 1e15 && d == (double)(long long)d)
        printf("%lld", (long long)d);
    else
        printf("%.17g", d);
}

static int cmp_members(const void *a, const void *b)
{
    return strcmp(((const struct jmember *)a)->key, ((const struct jmember *)b)->key);
}

static void pretty(struct jvalue *v, int indent, int level, int sort)
{
    int compact = indent == 0;
    switch (v->type) {
    case J_NULL:
    case J_FALSE:
    case J_TRUE: fputs(type_names[v->type], stdout); break;
    case J_NUMBER: print_number(v->u.number); break;
    case J_STRING: print_string(v->u.string); break;
    case J_ARRAY:
        if (v->u.array.count == 0) {
            fputs("[]", stdout);
            break;
        }
        putchar('[');
        for (int i = 0; i < v->u.array.count; i++) {
            if (i)
                putchar(',');
            if (!compact)
                printf("\n%*s", (level + 1) * indent, "");
            pretty(v->u.array.items[i], indent, level + 1, sort);
        }
        if (!compact)
            printf("\n%*s", level * indent, "");
        putchar(']');
        break;
    case J_OBJECT:
        if (v->u.object.count == 0) {
            fputs("{}", stdout);
            break;
        }
        if (sort)
            qsort(v->u.object.members, (size_t)v->u.object.count, sizeof(struct jmember),
                  cmp_members);
        putchar('{');
        for (int i = 0; i < v->u.object.count; i++) {
            if (i)
                putchar(',');
            if (!compact)
                printf("\n%*s", (level + 1) * indent, "");
            print_string(v->u.object.members[i].key);
            fputs(compact ? ":" : ": ", stdout);
            pretty(v->u.object.members[i].value, indent, level + 1, sort);
        }
        if (!compact)
            printf("\n%*s", level * indent, "");
        putchar('}');
        break;
    }
}

static void collect(const struct jvalue *v, int depth, struct jstats *st)
{
    st->counts[v->type]++;
    if (depth > st->max_depth)
        st->max_depth = depth;
    if (v->type == J_STRING)
        st->string_bytes += (long)strlen(v->u.string);
    if (v->type == J_ARRAY)
        for (int i = 0; i < v->u.array.count; i++)
            collect(v->u.array.items[i], depth + 1, st);
    if (v->type == J_OBJECT)
        for (int i = 0; i < v->u.object.count; i++) {
            st->string_bytes += (long)strlen(v->u.object.members[i].key);
            collect(v->u.object.members[i].value, depth + 1, st);
        }
}

static const struct jvalue *query(const struct jvalue *v, const char *path)
{
    while (v && *path) {
        if (*path == '.') {
            path++;
            size_t n = strcspn(path, ".[");
            if (v->type != J_OBJECT)
                return NULL;
            const struct jvalue *found = NULL;
            for (int i = 0; i < v->u.object.count; i++)
                if (strlen(v->u.object.members[i].key) == n &&
                    strncmp(v->u.object.members[i].key, path, n) == 0)
                    found = v->u.object.members[i].value; /* last duplicate wins */
            v = found;
            path += n;
        } else if (*path == '[') {
            char *end;
            long idx = strtol(path + 1, &end, 10);
            if (*end != ']' || v->type != J_ARRAY)
                return NULL;
            if (idx < 0)
                idx += v->u.array.count;
            v = idx >= 0 && idx < v->u.array.count ? v->u.array.items[idx] : NULL;
            path = end + 1;
        } else {
            return NULL;
        }
    }
    return v;
}

int main(int argc, char **argv)
{
    int indent = 2, sort = 0, first_path = argc;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-i") == 0 && i + 1 < argc)
            indent = atoi(argv[++i]);
        else if (strcmp(argv[i], "-s") == 0)
            sort = 1;
        else if (strcmp(argv[i], "-c") == 0)
            indent = 0;
        else {
            first_path = i;
            break;
        }
    }
    size_t cap = 256, len = 0;
    char *text = malloc(cap);
    int c;
    while ((c = getchar()) != EOF) {
        if (len + 1 >= cap)
            text = realloc(text, cap *= 2);
        text[len++] = (char)c;
    }
    text[len] = '\0';
    struct parser p = {text, 0, 1, 1, "", 0, 0};
    struct jvalue *root = parse_value(&p);
    if (root) {
        skip_ws(&p);
        if (peek(&p) != '\0') {
            fail(&p, "trailing characters");
            free_value(root);
            root = NULL;
        }
    }
    if (!root) {
        fprintf(stderr, "json_pp: %s\n", p.error);
        printf("invalid JSON\n");
        free(text);
        return 1;
    }
    pretty(root, indent, 0, sort);
    putchar('\n');
    struct jstats st;
    memset(&st, 0, sizeof st);
    collect(root, 1, &st);
    printf("stats:");
    for (int t = 0; t < 7; t++)
        if (st.counts[t])
            printf(" %s=%d", type_names[t], st.counts[t]);
    printf(" depth=%d string_bytes=%ld\n", st.max_depth, st.string_bytes);
    for (int i = first_path; i < argc; i++) {
        const struct jvalue *q = query(root, argv[i]);
        printf("%s => ", argv[i]);
        if (q)
            pretty((struct jvalue *)q, 0, 0, 0);
        else
            printf("(not found)");
        putchar('\n');
    }
    free_value(root);
    free(text);
    return 0;
}
