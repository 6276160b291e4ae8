// SPDX-License-Identifier: EPL-2.0
/**
 * The {@code .loops} model editor: the platform's Generic Editor given the language's services
 * (lexical and semantic highlighting, validation while typing, completion, folding of loops) through its extension points, because Xtext's
 * own Eclipse UI bundles are not available to this build; and the language's builder, which
 * validates every model of a project as saved into problem markers.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.lang.ui.internal;
