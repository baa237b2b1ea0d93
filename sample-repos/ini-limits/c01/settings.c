/* Parsing `key = value` lines and checking settings against their limits. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "settings.h"

static const struct limit limits[] = {
    {"workers", 1, 64},
    {"queue", 16, 4096},
    {"retries", 0, 10},
};

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        e--;
    *e = '\0';
    return s;
}

/* 1 with key and value set for a setting, 0 for a blank line or a comment, -1 for a
   line without '='. */
int parse_line(char *line, char **key, char **value)
{
    char *p = trim(line);
    if (*p == '\0' || *p == '#' || *p == ';')
        return 0;
    char *eq = strchr(p, '=');
    if (!eq)
        return -1;
    *eq = '\0';
    *key = trim(p);
    *value = trim(eq + 1);
    return 1;
}

/* 0 with *v set when text is a decimal number, -1 otherwise. */
int parse_value(const char *text, long *v)
{
    char *end;
    *v = strtol(text, &end, 10);
    if (end == text || *end != '\0')
        return -1;
    return 0;
}

/* 0 when the setting is within its limits, 1 when out of range, 2 for an unknown key;
   *lim is the setting's limits when known. */
int check_setting(const char *key, long v, const struct limit **lim)
{
    for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
        if (strcmp(limits[i].name, key) == 0) {
            *lim = &limits[i];
            if (v < limits[i].min || v > limits[i].max)
                return 1;
            return 0;
        }
    }
    return 2;
}
