import type * as React from "react";

/** A network's mark: single colour (currentColor), decorative unless given a title. */
export type NetworkIconProps = React.SVGProps<SVGSVGElement>;
export type NetworkIconComponent = (props: NetworkIconProps) => React.JSX.Element;
