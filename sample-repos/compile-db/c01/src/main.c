/*
 * wrap - fill the words of standard input into lines of at most
 * DEFAULT_WIDTH characters.
 */
#include <stdio.h>
#include "wrap.h"

#define MAX_WORD 64

int main(void)
{
    char word[MAX_WORD];
    struct wrapper w;

    wrap_init(&w, DEFAULT_WIDTH);
    while (scanf("%63s", word) == 1)
        wrap_word(&w, word);
    wrap_finish(&w);
    return 0;
}
