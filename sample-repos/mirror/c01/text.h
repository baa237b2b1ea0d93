#ifndef TEXT_H
#define TEXT_H

/* Writes the first n characters of s in reverse order. */
void print_reversed(const char *s, int n);

#endif
