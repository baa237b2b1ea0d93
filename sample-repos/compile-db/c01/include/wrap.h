#ifndef WRAP_H
#define WRAP_H

#ifndef DEFAULT_WIDTH
#error "build with -DDEFAULT_WIDTH=N"
#endif

/* Greedy line filling on standard output. */
struct wrapper {
    int width;   /* longest line, in characters */
    int col;     /* characters on the current line */
};

void wrap_init(struct wrapper *w, int width);
void wrap_word(struct wrapper *w, const char *word);
void wrap_finish(struct wrapper *w);

#endif
