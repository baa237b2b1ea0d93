/*
 * mirror - print every word of stdin reversed, with its length.
 */
#include <stdio.h>
#include <string.h>

#include "text.h"

int main(void)
{
    char word[64];

    while (scanf("%63s", word) == 1) {
        int len = (int)strlen(word);
        print_reversed(word, len);
        printf(" (%d)\n", len);
    }
    return 0;
}
