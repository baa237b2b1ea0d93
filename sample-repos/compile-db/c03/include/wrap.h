#ifndef WRAP_H
#define WRAP_H

#ifndef DEFAULT_WIDTH
#error "build with -DDEFAULT_WIDTH=N"
#endif

/* Greedy line filling on standard output. */
struct wrapper {
    int width;    /* longest line, in characters, without a line number */
    int col;      /* characters on the current line */
    int lines;    /* lines started so far */
    int number;   /* prefix each line with its number */
};

void wrap_init(struct wrapper *w, int width, int number);
void wrap_word(struct wrapper *w, const char *word);
void wrap_finish(struct wrapper *w);

#endif
