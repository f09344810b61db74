/* The snova command's help texts. */
#ifndef SNOVA_CLI_HELP_H
#define SNOVA_CLI_HELP_H

/* The help of a command ("list", "keygen", "sign", "verify"), or of the whole
 * command for NULL. */
const char *help_text(const char *command);

#endif
