/* The classic missing `&`: scanf stores through an int value. */
#include <stdio.h>

int main(void)
{
    int n = 0;
    scanf("%d", n); // ~ERROR undefined-behaviour
    printf("%d\n", n);
    return 0;
}
