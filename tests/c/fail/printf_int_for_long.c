/* %ld given an int: natively the upper half of the register is whatever movl left. */
#include <stdio.h>

int main(void)
{
    int delta = -5;
    printf("delta %ld\n", delta); // ~ERROR undefined-behaviour
    return 0;
}
