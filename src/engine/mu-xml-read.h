/* mu-xml-read.h: parsing the XML files other than scenarios (saved matches,
 * rules data) as scenarios are parsed: no DOCTYPE, no entities, no network */
#pragma once

#include <glib.h>
#include <libxml/tree.h>

G_BEGIN_DECLS

/* Parses DATA (LENGTH bytes; FILENAME names it in the document) into a
 * document the caller frees with xmlFreeDoc. A DOCTYPE is refused where it
 * starts, before any entity it declares is read (an entity-expansion bomb
 * costs nothing), references to undeclared entities are errors, and no other
 * file or URL is ever read. KIND names the files in the message ("saved
 * matches"). On failure returns NULL with *LINE (from 1, 0 when unknown) and
 * *MESSAGE ("not well-formed XML: ..." or "DOCTYPE declarations are not
 * allowed in KIND"; one line of valid UTF-8; the caller frees it). */
xmlDocPtr mu_xml_read_plain (const char *data, gsize length, const char *filename,
                             const char *kind, int *line, char **message);

G_END_DECLS
