/**
 * The one script every page runs, inlined into the HTML (integrations/inlineScript.ts): the
 * header's keyboard and ARIA enhancements, lead attribution for native forms, and the
 * first-party page-view beacon.
 */
import "./nav";
import "./attribution";
import "./analytics";
