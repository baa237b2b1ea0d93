/* A status code passed where %s expects a string. */
#include <stdio.h>

static int status(int n)
{
    return n > 2 ? 404 : 200;
}

int main(int argc, char **argv)
{
    printf("code %d\n", status(argc));
    printf("status: %s\n", status(argc)); // ~ERROR undefined-behaviour
    return 0;
}
