// SPDX-License-Identifier: EPL-2.0
/**
 * Model text ({@code .loops}) without an editor: {@link org.looptrace.lang.ModelText} parses and
 * validates, prints and formats on a plain class path and inside OSGi alike, and reports bad text
 * as a {@link org.looptrace.lang.ModelTextException} naming file, line and column. The rest of the
 * language (Xtext's services) is internal.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.lang;
