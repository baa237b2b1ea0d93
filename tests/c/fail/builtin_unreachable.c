/* Classifies its argument count, promising the compiler a case that is reached. */
#include <stdio.h>

int main(int argc, char **argv)
{
    (void)argv;
    switch (argc) {
    case 1:
        printf("none\n");
        break;
    default:
        __builtin_unreachable(); // ~ERROR bad-call
    }
    return 0;
}
