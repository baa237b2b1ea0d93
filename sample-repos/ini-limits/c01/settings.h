#ifndef SETTINGS_H
#define SETTINGS_H

/* A setting's allowed range. */
struct limit {
    const char *name;
    long min;
    long max;
};

int parse_line(char *line, char **key, char **value);
int parse_value(const char *text, long *v);
int check_setting(const char *key, long v, const struct limit **lim);

#endif
