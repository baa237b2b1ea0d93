#ifndef _REGCAUSE_SETJMP_H
#define _REGCAUSE_SETJMP_H

/* glibc's layout (x86_64, 200 bytes). setjmp records in it which frame called it and
   where that frame resumes; longjmp unwinds to that frame, and a longjmp to a frame
   that has returned stops the run (undefined behaviour). The signal mask of
   sigsetjmp/siglongjmp is not modelled (no signals are delivered). */
struct __jmp_buf_tag {
  long __jmpbuf[8];
  int __mask_was_saved;
  unsigned long __saved_mask[16];
};
typedef struct __jmp_buf_tag jmp_buf[1];
typedef struct __jmp_buf_tag sigjmp_buf[1];

int setjmp(jmp_buf env);
_Noreturn void longjmp(jmp_buf env, int val);
int sigsetjmp(sigjmp_buf env, int savemask);
_Noreturn void siglongjmp(sigjmp_buf env, int val);

#endif
