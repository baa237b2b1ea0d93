/* A tiny stack-based bytecode VM with a two-pass assembler. The program text comes from
   stdin; argv gives initial values for memory cells 0.. (so one program computes different
   things). Errors in assembly or at run time set distinct exit codes.

   Assembly: one instruction per line, "label:" defines a label, ';' starts a comment.
     push N | pop | dup | swap | over | add | sub | mul | div | mod | neg | not
     eq | lt | gt | jmp L | jz L | jnz L | call L | ret | load A | store A
     loadi | storei (address from the stack) | print | printc | halt          */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum opcode {
    OP_PUSH, OP_POP, OP_DUP, OP_SWAP, OP_OVER, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_NEG,
    OP_NOT, OP_EQ, OP_LT, OP_GT, OP_JMP, OP_JZ, OP_JNZ, OP_CALL, OP_RET, OP_LOAD, OP_STORE,
    OP_LOADI, OP_STOREI, OP_PRINT, OP_PRINTC, OP_HALT, OP_COUNT
};

static const struct {
    const char *name;
    int has_arg;
    int arg_is_label;
} opinfo[OP_COUNT] = {
    [OP_PUSH] = {"push", 1, 0},   [OP_POP] = {"pop", 0, 0},     [OP_DUP] = {"dup", 0, 0},
    [OP_SWAP] = {"swap", 0, 0},   [OP_OVER] = {"over", 0, 0},   [OP_ADD] = {"add", 0, 0},
    [OP_SUB] = {"sub", 0, 0},     [OP_MUL] = {"mul", 0, 0},     [OP_DIV] = {"div", 0, 0},
    [OP_MOD] = {"mod", 0, 0},     [OP_NEG] = {"neg", 0, 0},     [OP_NOT] = {"not", 0, 0},
    [OP_EQ] = {"eq", 0, 0},       [OP_LT] = {"lt", 0, 0},       [OP_GT] = {"gt", 0, 0},
    [OP_JMP] = {"jmp", 1, 1},     [OP_JZ] = {"jz", 1, 1},       [OP_JNZ] = {"jnz", 1, 1},
    [OP_CALL] = {"call", 1, 1},   [OP_RET] = {"ret", 0, 0},     [OP_LOAD] = {"load", 1, 0},
    [OP_STORE] = {"store", 1, 0}, [OP_LOADI] = {"loadi", 0, 0}, [OP_STOREI] = {"storei", 0, 0},
    [OP_PRINT] = {"print", 0, 0}, [OP_PRINTC] = {"printc", 0, 0}, [OP_HALT] = {"halt", 0, 0},
};

#define MAX_CODE 512
#define MAX_LABELS 64
#define STACK 64
#define RSTACK 32
#define MEM 32

struct instr {
    uint8_t op;
    int32_t arg;
    int line;
    char label[24]; /* unresolved label name */
};

struct label {
    char name[24];
    int addr;
};

struct vm {
    int64_t stack[STACK];
    int sp;
    int rstack[RSTACK];
    int rsp;
    int64_t mem[MEM];
    int pc;
    long steps;
    int halted;
};

enum vm_error { VM_OK, VM_STACK_UNDER, VM_STACK_OVER, VM_DIV_ZERO, VM_BAD_ADDR, VM_STEPS };

static const char *vm_error_names[] = {"ok", "stack underflow", "stack overflow",
                                       "division by zero", "bad address", "step limit"};

static long op_counts[OP_COUNT];

static struct instr code[MAX_CODE];
static int ncode;
static struct label labels[MAX_LABELS];
static int nlabels;

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = '\0';
    return s;
}

static int find_label(const char *name)
{
    for (int i = 0; i < nlabels; i++)
        if (strcmp(labels[i].name, name) == 0)
            return labels[i].addr;
    return -1;
}

static int assemble(FILE *in)
{
    char line[128];
    int lineno = 0;
    while (fgets(line, sizeof line, in)) {
        lineno++;
        char *semi = strchr(line, ';');
        if (semi)
            *semi = '\0';
        char *s = trim(line);
        char *colon = strchr(s, ':');
        if (colon) {
            *colon = '\0';
            if (nlabels == MAX_LABELS || find_label(trim(s)) >= 0) {
                fprintf(stderr, "line %d: bad or duplicate label '%s'\n", lineno, trim(s));
                return 0;
            }
            snprintf(labels[nlabels].name, sizeof labels[nlabels].name, "%s", trim(s));
            labels[nlabels++].addr = ncode;
            s = trim(colon + 1);
        }
        if (!*s)
            continue;
        char mnemonic[16] = "", argtext[24] = "";
        int n = sscanf(s, "%15s %23s", mnemonic, argtext);
        int op;
        for (op = 0; op < OP_COUNT; op++)
            if (strcmp(opinfo[op].name, mnemonic) == 0)
                break;
        if (op == OP_COUNT) {
            fprintf(stderr, "line %d: unknown instruction '%s'\n", lineno, mnemonic);
            return 0;
        }
        if (opinfo[op].has_arg != (n == 2)) {
            fprintf(stderr, "line %d: '%s' %s an argument\n", lineno, mnemonic,
                    opinfo[op].has_arg ? "needs" : "takes no");
            return 0;
        }
        if (ncode == MAX_CODE) {
            fprintf(stderr, "program too long\n");
            return 0;
        }
        struct instr *in_ = &code[ncode++];
        in_->op = (uint8_t)op;
        in_->line = lineno;
        in_->arg = 0;
        in_->label[0] = '\0';
        if (opinfo[op].arg_is_label)
            snprintf(in_->label, sizeof in_->label, "%s", argtext);
        else if (opinfo[op].has_arg) {
            char *end;
            long v = strtol(argtext, &end, 0);
            if (*end) {
                fprintf(stderr, "line %d: bad number '%s'\n", lineno, argtext);
                return 0;
            }
            in_->arg = (int32_t)v;
        }
    }
    for (int i = 0; i < ncode; i++) {
        if (!code[i].label[0])
            continue;
        int a = find_label(code[i].label);
        if (a < 0) {
            fprintf(stderr, "line %d: undefined label '%s'\n", code[i].line, code[i].label);
            return 0;
        }
        code[i].arg = a;
    }
    return 1;
}

static enum vm_error run(struct vm *vm, long max_steps)
{
#define NEED(k)                 \
    if (vm->sp < (k))           \
        return VM_STACK_UNDER;
#define PUSH(v)                 \
    do {                        \
        if (vm->sp == STACK)    \
            return VM_STACK_OVER; \
        vm->stack[vm->sp++] = (v); \
    } while (0)
    while (!vm->halted) {
        if (vm->pc < 0 || vm->pc >= ncode)
            return VM_BAD_ADDR;
        if (++vm->steps > max_steps)
            return VM_STEPS;
        const struct instr *in = &code[vm->pc++];
        op_counts[in->op]++;
        int64_t a, b;
        switch ((enum opcode)in->op) {
        case OP_PUSH: PUSH(in->arg); break;
        case OP_POP: NEED(1); vm->sp--; break;
        case OP_DUP: NEED(1); a = vm->stack[vm->sp - 1]; PUSH(a); break;
        case OP_SWAP:
            NEED(2);
            a = vm->stack[vm->sp - 1];
            vm->stack[vm->sp - 1] = vm->stack[vm->sp - 2];
            vm->stack[vm->sp - 2] = a;
            break;
        case OP_OVER: NEED(2); a = vm->stack[vm->sp - 2]; PUSH(a); break;
        case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_MOD:
        case OP_EQ: case OP_LT: case OP_GT:
            NEED(2);
            b = vm->stack[--vm->sp];
            a = vm->stack[--vm->sp];
            switch ((enum opcode)in->op) {
            case OP_ADD: a = (int64_t)((uint64_t)a + (uint64_t)b); break;
            case OP_SUB: a = (int64_t)((uint64_t)a - (uint64_t)b); break;
            case OP_MUL: a = (int64_t)((uint64_t)a * (uint64_t)b); break;
            case OP_DIV:
            case OP_MOD:
                if (b == 0 || (a == INT64_MIN && b == -1))
                    return VM_DIV_ZERO;
                a = in->op == OP_DIV ? a / b : a % b;
                break;
            case OP_EQ: a = a == b; break;
            case OP_LT: a = a < b; break;
            default: a = a > b; break;
            }
            PUSH(a);
            break;
        case OP_NEG: NEED(1); vm->stack[vm->sp - 1] = (int64_t)(0 - (uint64_t)vm->stack[vm->sp - 1]); break;
        case OP_NOT: NEED(1); vm->stack[vm->sp - 1] = !vm->stack[vm->sp - 1]; break;
        case OP_JMP: vm->pc = in->arg; break;
        case OP_JZ: NEED(1); if (vm->stack[--vm->sp] == 0) vm->pc = in->arg; break;
        case OP_JNZ: NEED(1); if (vm->stack[--vm->sp] != 0) vm->pc = in->arg; break;
        case OP_CALL:
            if (vm->rsp == RSTACK)
                return VM_STACK_OVER;
            vm->rstack[vm->rsp++] = vm->pc;
            vm->pc = in->arg;
            break;
        case OP_RET:
            if (vm->rsp == 0)
                return VM_STACK_UNDER;
            vm->pc = vm->rstack[--vm->rsp];
            break;
        case OP_LOAD:
        case OP_STORE:
        case OP_LOADI:
        case OP_STOREI: {
            int64_t addr = in->arg;
            if (in->op == OP_LOADI || in->op == OP_STOREI) {
                NEED(1);
                addr = vm->stack[--vm->sp];
            }
            if (addr < 0 || addr >= MEM)
                return VM_BAD_ADDR;
            if (in->op == OP_LOAD || in->op == OP_LOADI) {
                PUSH(vm->mem[addr]);
            } else {
                NEED(1);
                vm->mem[addr] = vm->stack[--vm->sp];
            }
            break;
        }
        case OP_PRINT: NEED(1); printf("%lld\n", (long long)vm->stack[--vm->sp]); break;
        case OP_PRINTC: NEED(1); putchar((int)(vm->stack[--vm->sp] & 0x7f)); break;
        case OP_HALT: vm->halted = 1; break;
        case OP_COUNT: return VM_BAD_ADDR;
        }
    }
    return VM_OK;
#undef NEED
#undef PUSH
}

/* Print the most executed opcodes, most frequent first (ties by opcode number). */
static void profile(int top)
{
    int order[OP_COUNT];
    for (int i = 0; i < OP_COUNT; i++)
        order[i] = i;
    for (int i = 1; i < OP_COUNT; i++) {
        int k = order[i], j = i - 1;
        while (j >= 0 && op_counts[order[j]] < op_counts[k]) {
            order[j + 1] = order[j];
            j--;
        }
        order[j + 1] = k;
    }
    printf("profile:");
    for (int i = 0; i < top && op_counts[order[i]] > 0; i++)
        printf(" %s=%ld", opinfo[order[i]].name, op_counts[order[i]]);
    printf("\n");
}

static void disassemble(int limit)
{
    for (int i = 0; i < ncode && i < limit; i++) {
        printf("%04d  %-6s", i, opinfo[code[i].op].name);
        if (opinfo[code[i].op].arg_is_label)
            printf(" @%d (%s)", code[i].arg, code[i].label);
        else if (opinfo[code[i].op].has_arg)
            printf(" %d", code[i].arg);
        putchar('\n');
    }
}

int main(int argc, char **argv)
{
    if (!assemble(stdin))
        return 10;
    printf("assembled %d instructions, %d labels\n", ncode, nlabels);
    disassemble(6);
    static struct vm vm;
    for (int i = 1; i < argc && i <= MEM; i++)
        vm.mem[i - 1] = strtoll(argv[i], NULL, 0);
    enum vm_error e = run(&vm, 200000);
    printf("status: %s after %ld steps, pc=%d, stack depth %d\n", vm_error_names[e], vm.steps,
           vm.pc, vm.sp);
    if (vm.sp > 0)
        printf("top of stack: %lld\n", (long long)vm.stack[vm.sp - 1]);
    profile(5);
    printf("mem:");
    for (int i = 0; i < 8; i++)
        printf(" %lld", (long long)vm.mem[i]);
    printf("\n");
    return e == VM_OK ? 0 : 20 + (int)e;
}
