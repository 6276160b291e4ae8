// SPDX-License-Identifier: EPL-2.0
/**
 * The merge of section III of the paper (communication links, regularization, coalescing) on a model
 * of its own: {@link org.looptrace.merge.internal.GlobalSystem systems} of
 * {@link org.looptrace.merge.internal.GlobalConstruct constructs}, events and loops. It exists beside
 * the EMF model because the merge copies constructs many times (splitting, shifting, unwrapping,
 * blocking): its constructs are immutable, so copies share unchanged parts (an EMF object has one
 * container); each keeps its coverage and potential flow per channel, counted once when built; and
 * the fields that decide a channel are constants, loop indices variables known by identity. Local
 * models are read into it ({@code LocalModels}) and the result written back as EMF
 * ({@code ModelWriter}).
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.looptrace.merge.internal;
