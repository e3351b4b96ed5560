/* mu-scenario-xml-private.h: shared by the loader's parts (not installed)
 *
 * mu-scenario-xml.c parses and validates, mu-scenario-xml-bulk.c checks the
 * per-hex elements the schema leaves to it, mu-scenario-xml-read.c turns the
 * validated document into a MuScenario with the node readers of
 * mu-scenario-xml-attrs.c.
 */
#pragma once

#include <libxml/relaxng.h>
#include <libxml/tree.h>

#include "mu-scenario-xml.h"

G_BEGIN_DECLS

typedef struct {
  const char *file;      /* name used in messages */
  GPtrArray *problems;
  guint n_errors;
  guint n_xml_messages;
  xmlParserCtxtPtr ctxt;
  xmlDocPtr doc;
  xmlNodePtr root;
  GPtrArray *comments;   /* pending comments (char*), attached to the next object */
  MuLoadProgressFunc progress;
  gpointer progress_data;
  GCancellable *cancellable;
  gboolean hit_limit;    /* a limit of the XML parser was reported */
} MuXmlLoader;

/* libxml2's message for ERR on one line and in valid UTF-8, with the
 * parser's limits named instead of the option that lifts them; free it. */
char       *mu_xml_error_message  (const xmlError *err);
/* Whether ERR is one of the XML parser's size or depth limits. */
gboolean    mu_xml_error_is_limit (const xmlError *err);
/* Appends an error "FILE:LINE: error: MESSAGE" to the loader's problems. */
void        mu_xml_report      (MuXmlLoader *ld, int line, const char *format, ...) G_GNUC_PRINTF (3, 4);
/* The source line of a node, 0 when unknown. */
int         mu_xml_node_line   (xmlNodePtr node);
/* Whether node is the element `name` in the scenario namespace. */
gboolean    mu_xml_is_element  (xmlNodePtr node, const char *name);
/* Takes the <hex> and <hexside> elements of the hex map out of the document,
 * checking each as the schema would (mu-scenario-xml-bulk.c); returns what
 * reattach puts back where it was. */
GArray     *mu_xml_detach_bulk   (MuXmlLoader *ld);
/* The SAX parser's start of an element: a <hex> or <hexside> of the board
 * whose attributes are certainly valid is made a bare element with their
 * values packed in its _private field (see mu-scenario-xml-bulk.c);
 * FALSE when the element is not one, for the usual SAX handler. */
gboolean    mu_xml_bulk_start    (xmlParserCtxtPtr ctxt, const xmlChar *localname, const xmlChar *prefix,
                                  const xmlChar *uri, int nb_namespaces, const xmlChar **namespaces,
                                  int nb_attributes, int nb_defaulted, const xmlChar **attributes);
typedef struct {
  MuHex at;
  guint features;        /* MuHexFeatures or MuSideFeatures */
  const char *dir;       /* <hexside>: the direction's name as written */
} MuXmlBulkValues;
/* The values of a packed element; FALSE when node is not one. */
gboolean    mu_xml_bulk_unpack   (xmlNodePtr node, MuXmlBulkValues *values);
void        mu_xml_reattach_bulk (GArray *detached);
/* Takes the counters (<control>, <command>, <unit>) out of the root, for
 * mu_xml_reattach_bulk() to put back; *doubtful gets those of them that
 * mu_xml_counter_is_plain() cannot vouch for, which the schema is to check. */
GArray     *mu_xml_detach_counters   (MuXmlLoader *ld, GArray **doubtful);
/* Whether a counter element certainly matches its definition in
 * data/muster.rng (mu-scenario-xml-counters.c); FALSE says nothing. */
gboolean    mu_xml_counter_is_plain  (xmlNodePtr node);
/* The i-th of format 1's own attributes of a counter of the kind, in the
 * order the writer gives them ("division", "leadership", "exceptional" for
 * a command); NULL past the last. */
const char *mu_xml_counter_attribute (MuCounterKind kind, guint i);
/* Validates the detached counters alone (data/muster-counters.rng), as
 * xmlRelaxNGValidateDoc() does; the document is as it was afterwards. */
int         mu_xml_validate_counters (MuXmlLoader *ld, GArray *detached, xmlRelaxNGValidCtxtPtr vctxt);
/* The lines of the detached counters that are invalid each on its own (of
 * int): libxml2 names no node in some messages about them. */
GArray     *mu_xml_invalid_counter_lines (MuXmlLoader *ld, GArray *detached, xmlRelaxNGPtr schema);
/* Reading values off nodes (mu-scenario-xml-attrs.c). Strings returned are
 * newly allocated; free them. The get_ functions report a value that is
 * present but unusable and return FALSE; list ones stop at MU_XML_MAX_LIST. */
#define MU_XML_MAX_LIST 100000

char       *mu_xml_attr           (xmlNodePtr node, const char *name);
char       *mu_xml_attr_stripped  (xmlNodePtr node, const char *name);
gboolean    mu_xml_parse_int_text (const char *text, int *out);
gboolean    mu_xml_get_int        (MuXmlLoader *ld, xmlNodePtr node, const char *name, int fallback, int *out);
gboolean    mu_xml_get_double     (MuXmlLoader *ld, xmlNodePtr node, const char *name, double fallback, double *out);
gboolean    mu_xml_get_bool       (xmlNodePtr node, const char *name, gboolean fallback);
gboolean    mu_xml_get_hex        (MuXmlLoader *ld, xmlNodePtr node, const char *name, MuHex *hex);
void        mu_xml_get_hex_list   (MuXmlLoader *ld, xmlNodePtr node, const char *name, GArray *out);
void        mu_xml_get_point_list (MuXmlLoader *ld, xmlNodePtr node, const char *name, GArray *out);
char       *mu_xml_element_text   (xmlNodePtr node);

/* Extension content kept in MuExtra (mu-scenario-xml-attrs.c). */
typedef void (*MuXmlKnownChildFunc) (MuXmlLoader *ld, xmlNodePtr child, gpointer data);

void        mu_xml_extra_add          (GPtrArray **array, const char *text);
void        mu_xml_collect_attributes (MuXmlLoader *ld, xmlNodePtr node, MuExtra *extra);
char       *mu_xml_serialize_node     (xmlNodePtr node);
void        mu_xml_take_comments      (MuXmlLoader *ld, MuExtra *extra);
void        mu_xml_walk_children      (MuXmlLoader *ld, xmlNodePtr node, MuExtra *extra,
                                       MuXmlKnownChildFunc known, gpointer data);
void        mu_xml_object_extra       (MuXmlLoader *ld, xmlNodePtr node, MuExtra *extra);

/* The model of a schema-valid document; reports what the schema cannot see. */
MuScenario *mu_xml_build_model (MuXmlLoader *ld);

G_END_DECLS
