// SPDX-License-Identifier: EPL-2.0
package org.looptrace.lang.internal;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.xtext.conversion.IValueConverterService;
import org.eclipse.xtext.parser.antlr.ISyntaxErrorMessageProvider;
import org.eclipse.xtext.resource.XtextResource;

/** Runtime services of the language, for the class path and for OSGi alike. */
@NonNullByDefault
public class LoopsRuntimeModule extends AbstractLoopsRuntimeModule {

	@Override
	public Class<? extends IValueConverterService> bindIValueConverterService() {
		return LoopsValueConverters.class;
	}

	public Class<? extends ISyntaxErrorMessageProvider> bindISyntaxErrorMessageProvider() {
		return LoopsSyntaxErrorMessages.class;
	}

	@Override
	public Class<? extends XtextResource> bindXtextResource() {
		return LoopsResource.class;
	}
}
