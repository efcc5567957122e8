/* qemu-icount-plugin.c - Count the guest instructions qemu executes
 * Copyright (C) 2026 The libgcrypt-pqc authors
 *
 * This file is part of libgcrypt-pqc.
 *
 * libgcrypt-pqc is free software; you can redistribute it and/or modify
 * it under the terms of the GNU Lesser General Public License as
 * published by the Free Software Foundation; either version 2.1 of
 * the License, or (at your option) any later version.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* A TCG plugin for qemu user mode, used by build-aux/ppc-icount.sh.
 * At every translation of a block it attaches an inline "add the
 * block's instruction count" operation to that block; at exit it
 * prints the sum of all executed blocks, i.e. the number of guest
 * instructions the program executed.  Usage:
 *
 *   qemu-ppc64le -plugin ./qemu-icount-plugin.so[,out=FILE] PROGRAM
 *
 * The total goes to FILE (one line, the decimal number), or to stderr
 * as "icount: N" without an argument.  With prof=PFILE it also writes
 * a profile to PFILE: one line "VADDR COUNT SYMBOL" for every guest
 * instruction executed, COUNT the number of times, SYMBOL its function
 * as qemu's symbol table of the loaded executable knows it, or "-"
 * (code of shared libraries, which the guest's loader maps; the
 * caller resolves those, see build-aux/ppc-icount.sh --profile).  An
 * instruction translated more than once has a line per translation.
 * Build the plugin for the host, not the guest:
 *   cc -shared -fPIC -O2 -o qemu-icount-plugin.so THIS-FILE
 *
 * Debian ships no qemu-plugin.h, so the few declarations needed are
 * written out below from the documented plugin API (version 1, as in
 * qemu 7.x; qemu checks qemu_plugin_version when it loads the plugin
 * and says so if it does not support it).  The qemu_plugin_*
 * functions are resolved from the qemu binary at load time.
 *
 * A block counts as a whole once entered.  In user mode a block ends
 * at every branch and system call, and the programs measured take no
 * signals, so the count is exact for them.  The counter is a plain
 * (not atomic) add: the measured programs are single-threaded.  */

#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>

/* The plugin API, version 1.  */
typedef uint64_t qemu_plugin_id_t;
typedef struct qemu_info_t qemu_info_t;       /* Opaque here.  */
struct qemu_plugin_tb;
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t) (qemu_plugin_id_t id,
                                                struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_udata_cb_t) (qemu_plugin_id_t id, void *userdata);
struct qemu_plugin_insn;

void qemu_plugin_register_vcpu_tb_trans_cb (qemu_plugin_id_t id,
                                            qemu_plugin_vcpu_tb_trans_cb_t cb);
size_t qemu_plugin_tb_n_insns (const struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_tb_exec_inline (struct qemu_plugin_tb *tb,
                                               enum qemu_plugin_op op,
                                               void *ptr, uint64_t imm);
void qemu_plugin_register_atexit_cb (qemu_plugin_id_t id,
                                     qemu_plugin_udata_cb_t cb,
                                     void *userdata);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn (const struct qemu_plugin_tb *tb,
                                                  size_t idx);
uint64_t qemu_plugin_insn_vaddr (const struct qemu_plugin_insn *insn);
const char *qemu_plugin_insn_symbol (const struct qemu_plugin_insn *insn);

#define ICOUNT_EXPORT __attribute__ ((visibility ("default")))

ICOUNT_EXPORT int qemu_plugin_version = 1;

static uint64_t executed;
static char out_name[4096];
static char prof_name[4096];

/* The profile: one record per translated block, with its own counter
   of executions and the address and symbol of each instruction (the
   symbol strings belong to qemu and live as long as it does).  */
struct block
{
  uint64_t runs;
  size_t n;
  uint64_t *vaddr;
  const char **sym;
};
static struct block **blocks;
static size_t nblocks, blocks_alloc;


/* Add a profile record for TB and let TB count its runs there.  Out of
   memory, the profile is dropped (and says so at exit).  */
static int prof_failed;

static void
prof_translate (struct qemu_plugin_tb *tb)
{
  size_t n = qemu_plugin_tb_n_insns (tb), i;
  struct block *b;

  if (prof_failed)
    return;
  if (nblocks == blocks_alloc)
    {
      size_t na = blocks_alloc ? 2 * blocks_alloc : 4096;
      struct block **nb = realloc (blocks, na * sizeof *nb);

      if (!nb)
        {
          prof_failed = 1;
          return;
        }
      blocks = nb;
      blocks_alloc = na;
    }
  b = calloc (1, sizeof *b);
  if (b)
    {
      b->vaddr = calloc (n ? n : 1, sizeof *b->vaddr);
      b->sym = calloc (n ? n : 1, sizeof *b->sym);
    }
  if (!b || !b->vaddr || !b->sym)
    {
      prof_failed = 1;
      return;
    }
  b->n = n;
  for (i = 0; i < n; i++)
    {
      struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn (tb, i);

      b->vaddr[i] = qemu_plugin_insn_vaddr (insn);
      b->sym[i] = qemu_plugin_insn_symbol (insn);
    }
  blocks[nblocks++] = b;
  qemu_plugin_register_vcpu_tb_exec_inline (tb, QEMU_PLUGIN_INLINE_ADD_U64,
                                            &b->runs, 1);
}


static void
prof_write (void)
{
  FILE *fp = fopen (prof_name, "w");
  size_t i, j;

  if (!fp)
    {
      fprintf (stderr, "qemu-icount-plugin: cannot write %s\n", prof_name);
      return;
    }
  if (prof_failed)
    fprintf (stderr, "qemu-icount-plugin: out of memory, no profile\n");
  else
    for (i = 0; i < nblocks; i++)
      if (blocks[i]->runs)
        for (j = 0; j < blocks[i]->n; j++)
          fprintf (fp, "%" PRIx64 " %" PRIu64 " %s\n", blocks[i]->vaddr[j],
                   blocks[i]->runs,
                   blocks[i]->sym[j] && *blocks[i]->sym[j]
                   ? blocks[i]->sym[j] : "-");
  fclose (fp);
}


static void
on_translate (qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
  (void)id;
  qemu_plugin_register_vcpu_tb_exec_inline (tb, QEMU_PLUGIN_INLINE_ADD_U64,
                                            &executed,
                                            qemu_plugin_tb_n_insns (tb));
  if (*prof_name)
    prof_translate (tb);
}


static void
report_total (qemu_plugin_id_t id, void *userdata)
{
  FILE *fp;

  (void)id;
  (void)userdata;
  if (*prof_name)
    prof_write ();
  if (!*out_name)
    {
      fprintf (stderr, "icount: %" PRIu64 "\n", executed);
      return;
    }
  fp = fopen (out_name, "w");
  if (!fp)
    {
      fprintf (stderr, "qemu-icount-plugin: cannot write %s\n", out_name);
      return;
    }
  fprintf (fp, "%" PRIu64 "\n", executed);
  fclose (fp);
}


ICOUNT_EXPORT int
qemu_plugin_install (qemu_plugin_id_t id, const qemu_info_t *info,
                     int argc, char **argv)
{
  int i;

  (void)info;
  for (i = 0; i < argc; i++)
    {
      if (!strncmp (argv[i], "out=", 4)
          && strlen (argv[i] + 4) < sizeof out_name)
        strcpy (out_name, argv[i] + 4);
      else if (!strncmp (argv[i], "prof=", 5)
               && strlen (argv[i] + 5) < sizeof prof_name)
        strcpy (prof_name, argv[i] + 5);
      else
        {
          fprintf (stderr, "qemu-icount-plugin: bad argument '%s'\n",
                   argv[i]);
          return -1;
        }
    }
  qemu_plugin_register_vcpu_tb_trans_cb (id, on_translate);
  qemu_plugin_register_atexit_cb (id, report_total, NULL);
  return 0;
}
