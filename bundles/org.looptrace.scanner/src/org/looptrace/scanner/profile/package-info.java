// SPDX-License-Identifier: EPL-2.0
/**
 * Where the time goes: the time of every construct of a model on every rank, from the {@code time}
 * and {@code end} attributes of the data traces ({@link org.looptrace.scanner.profile.TimeProfile}).
 * It lives in the scanner bundle because it walks the scanner's projection of the model onto each
 * rank (the same positions the scanners read by), reading each data trace once, in order.
 * docs/TIME.md says what each figure means.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.scanner.profile;
