/* && and || are branches: the right operand runs only when needed. */
int f(int x) { return x > 2; }
int main(int argc, char **argv) {
    int a = argc > 1 && argv[1][0] == 'y';
    int b = argc == 1 || f(argc);
    return a + b;
}
