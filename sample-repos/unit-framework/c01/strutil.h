#ifndef STRUTIL_H
#define STRUTIL_H

#include <stddef.h>

size_t count_words(const char *s);
int starts_with(const char *s, const char *prefix);
size_t trim_len(const char *s);

#endif
